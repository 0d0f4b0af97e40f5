import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { createOrganizationSchema, type CreateOrganizationOutput } from '../schemas';

/**
 * Creates the organization (SQL create_organization: the caller becomes its owner, it starts
 * unpublished; slug and limits checked there) and stores its contact email
 * (owner_set_org_contact_email). A refusal throws the server's message.
 */
export async function createOrganization(values: CreateOrganizationOutput): Promise<string> {
  const { name, slug, timezone, contactEmail } = createOrganizationSchema.parse(values);
  const { data: orgId, error } = await supabase.rpc('create_organization', { p_name: name, p_slug: slug, p_timezone: timezone });
  if (error) throw new Error(error.message);
  const contact = await supabase.rpc('owner_set_org_contact_email', { p_org_id: orgId, p_email: contactEmail });
  if (contact.error) throw new Error(contact.error.message);
  return orgId;
}

// The panel's list of organizations now has it.
export function useCreateOrganization(options: MutationCallbacks<string, CreateOrganizationOutput> = {}) {
  return useInvalidatingMutation(createOrganization, ['admin'], options);
}
