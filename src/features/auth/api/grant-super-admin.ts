import { supabase } from '@/lib/supabase';

/**
 * Asks the server to grant super admin to the caller. The database decides: it only ever
 * grants the one configured email, and only to the caller's own confirmed account, so
 * calling it for everyone is harmless. A failure never blocks signing in.
 */
export async function grantSuperAdminIfConfigured(email: string): Promise<void> {
  const { error } = await supabase.rpc('grant_super_admin_by_email', { target_email: email });
  if (error) console.warn('grant_super_admin_by_email failed:', error.message);
}
