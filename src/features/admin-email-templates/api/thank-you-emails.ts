import { queryOptions, useQuery } from '@tanstack/react-query';
import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';

const thankYouEmailsQueryKey = (orgId: string) => ['admin', orgId, 'thank-you-emails'] as const;

/** Whether the organization sends the thank-you email after each dinner (org_email_settings; no row means off). */
export async function getThankYouEmails(orgId: string): Promise<boolean> {
  const { data, error } = await supabase.from('org_email_settings').select('thank_you_emails').eq('org_id', orgId).maybeSingle();
  if (error) throw new Error(error.message);
  return data?.thank_you_emails ?? false;
}

const thankYouEmailsQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: thankYouEmailsQueryKey(orgId), queryFn: () => getThankYouEmails(orgId) });

export function useThankYouEmails(orgId: string) {
  return useQuery(thankYouEmailsQueryOptions(orgId));
}

interface ThankYouEmailsChange {
  orgId: string;
  on: boolean;
}

/** Turns the organization's thank-you emails on or off (SQL staff_set_thank_you_emails); resolves the stored value. */
export async function setThankYouEmails({ orgId, on }: ThankYouEmailsChange): Promise<boolean> {
  const { data, error } = await supabase.rpc('staff_set_thank_you_emails', { p_org_id: orgId, p_on: on });
  if (error) throw new Error(error.message);
  return data === true;
}

export function useSetThankYouEmails(orgId: string, options: MutationCallbacks<boolean, ThankYouEmailsChange> = {}) {
  return useInvalidatingMutation(setThankYouEmails, thankYouEmailsQueryKey(orgId), options);
}
