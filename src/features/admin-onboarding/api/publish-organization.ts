import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';

/** Publishes the organization (SQL owner_publish_organization: owners, at least one active event). */
export async function publishOrganization(orgId: string): Promise<void> {
  const { error } = await supabase.rpc('owner_publish_organization', { p_org_id: orgId });
  if (error) throw new Error(error.message);
}

export function usePublishOrganization(options: MutationCallbacks<void, string> = {}) {
  // The panel's organizations carry the state: they refresh, and the checklist goes.
  return useInvalidatingMutation(publishOrganization, ['admin'], options);
}
