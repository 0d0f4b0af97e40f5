import { queryOptions, useQuery } from '@tanstack/react-query';
import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { reviewLinkSchema, type ReviewLinkOutput } from '../schemas';
import type { ThankYouSettings } from '../types';

const thankYouEmailsQueryKey = (orgId: string) => ['admin', orgId, 'thank-you-emails'] as const;

/**
 * The organization's thank-you settings (org_email_settings): whether the email is sent after each
 * dinner, and the review link it carries. No row means off and no link.
 */
export async function getThankYouSettings(orgId: string): Promise<ThankYouSettings> {
  const { data, error } = await supabase.from('org_email_settings').select('thank_you_emails, review_url').eq('org_id', orgId).maybeSingle();
  if (error) throw new Error(error.message);
  return { thankYouEmails: data?.thank_you_emails ?? false, reviewUrl: data?.review_url ?? null };
}

const thankYouSettingsQueryOptions = (orgId: string) =>
  queryOptions({ queryKey: thankYouEmailsQueryKey(orgId), queryFn: () => getThankYouSettings(orgId) });

export function useThankYouSettings(orgId: string) {
  return useQuery(thankYouSettingsQueryOptions(orgId));
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

interface ReviewLinkChange {
  orgId: string;
  values: ReviewLinkOutput;
}

/**
 * Saves the review link the thank-you email offers (SQL staff_set_review_link, any member); a blank
 * one removes it. Resolves what is stored (null when removed); a refusal throws the server's message.
 */
export async function setReviewLink({ orgId, values }: ReviewLinkChange): Promise<string | null> {
  const { review_url } = reviewLinkSchema.parse(values);
  const { data, error } = await supabase.rpc('staff_set_review_link', { p_org_id: orgId, p_url: review_url });
  if (error) throw new Error(error.message);
  // Null when removed (the generated type says string: it cannot tell).
  return data ?? null;
}

export function useSetReviewLink(orgId: string, options: MutationCallbacks<string | null, ReviewLinkChange> = {}) {
  return useInvalidatingMutation(setReviewLink, thankYouEmailsQueryKey(orgId), options);
}
