import { supabase } from '@/lib/supabase';

/**
 * The product's "server function after sign-in or sign-up": the database keeps the
 * super-admin role in step with the one configured, confirmed account by itself (triggers
 * on auth.users), so this only asks it to re-check the caller's own account. It never
 * grants anything to another account, and a failure never blocks signing in.
 *
 * Resolves with whether the caller is the super admin.
 */
export async function grantSuperAdminIfConfigured(email: string): Promise<boolean> {
  const { data, error } = await supabase.rpc('grant_super_admin_by_email', { target_email: email });
  if (error) {
    console.warn('grant_super_admin_by_email failed:', error.message);
    return false;
  }
  return data === true;
}
