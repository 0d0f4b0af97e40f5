import type { QueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * Asks the server to grant super admin to the caller. The database decides: it only ever
 * grants the one configured email, and only to the caller's own confirmed account, so
 * calling it for everyone is harmless. A failure never blocks signing in.
 *
 * Resolves with whether the caller is (now) the super admin.
 */
export async function grantSuperAdminIfConfigured(email: string): Promise<boolean> {
  const { data, error } = await supabase.rpc('grant_super_admin_by_email', { target_email: email });
  if (error) {
    console.warn('grant_super_admin_by_email failed:', error.message);
    return false;
  }
  return data === true;
}

/**
 * supabase-js announces the new session inside signInWithPassword/signUp, before the
 * grant has been asked for, so the page may already be on /admin and have read the
 * caller's roles (and cached "no organization") while the role did not exist yet. After a
 * grant, everything the admin panel cached (its queries all live under ['admin'], the
 * organization list ['admin', 'orgs', userId] included) is refetched with the new rights,
 * whatever the order of navigation, chunk loading and the grant.
 */
export async function refreshAdminDataAfterGrant(queryClient: QueryClient, granted: boolean): Promise<void> {
  if (granted) await queryClient.invalidateQueries({ queryKey: ['admin'] });
}
