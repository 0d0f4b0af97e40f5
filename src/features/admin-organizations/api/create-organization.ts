import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { platformOrgSchema, type PlatformOrgOutput } from '../schemas';

/**
 * Creates an unpublished organization and emails its owner an invitation (SQL
 * super_admin_create_organization, through the team invitation with role owner).
 */
export async function createPlatformOrg(values: PlatformOrgOutput): Promise<PlatformOrgOutput> {
  const parsed = platformOrgSchema.parse(values);
  const { error } = await supabase.rpc('super_admin_create_organization', {
    p_name: parsed.name,
    p_slug: parsed.slug,
    p_timezone: parsed.timezone,
    p_owner_email: parsed.ownerEmail,
  });
  if (error) throw new Error(error.message);
  return parsed;
}

export function useCreatePlatformOrg(options: MutationCallbacks<PlatformOrgOutput, PlatformOrgOutput> = {}) {
  // The panel's own organization list (the switcher) has it too.
  return useInvalidatingMutation(createPlatformOrg, ['admin'], options);
}
