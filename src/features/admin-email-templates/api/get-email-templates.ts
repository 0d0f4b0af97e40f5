import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { templateSlots } from '../lib/template-types';
import type { EmailTemplate } from '../types';

export const emailTemplatesQueryKey = (orgId: string) => ['admin', orgId, 'email-templates'] as const;

export async function getEmailTemplates(orgId: string): Promise<EmailTemplate[]> {
  const { data, error } = await supabase
    .from('email_templates')
    .select('id, org_id, name, template_type, subject, body, is_active, created_at, updated_at')
    .eq('org_id', orgId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data ?? [];
}

export const emailTemplatesQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: emailTemplatesQueryKey(orgId), queryFn: () => getEmailTemplates(orgId) });

/** The organization's templates, as the six emails guests receive, each with its template or the default. */
export function useEmailTemplates(orgId: string) {
  return useQuery({ ...emailTemplatesQueryOptions(orgId), select: templateSlots });
}
