import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { EmailTemplate } from '../types';

export async function getEmailTemplates(orgId: string): Promise<EmailTemplate[]> {
  const { data, error } = await supabase
    .from('email_templates')
    .select('id, org_id, name, template_type, subject, is_active, created_at, updated_at')
    .eq('org_id', orgId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return (data ?? []) as EmailTemplate[];
}

export const emailTemplatesQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: ['admin', orgId, 'email-templates'] as const, queryFn: () => getEmailTemplates(orgId) });

export function useEmailTemplates(orgId: string) {
  return useQuery(emailTemplatesQueryOptions(orgId));
}
