import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { replySchema, type ReplyOutput } from '../schemas';
import { chefInquiriesQueryKey } from './get-chef-inquiries';

export interface ReplyInput {
  inquiryId: string;
  values: ReplyOutput;
}

/**
 * Replies to a chef (SQL super_admin_reply_chef_inquiry): the reply is stored, its email queued
 * in the outbox and the inquiry marked replied, in one transaction. A refusal throws the
 * server's message.
 */
export async function replyChefInquiry({ inquiryId, values }: ReplyInput): Promise<string> {
  const { subject, message } = replySchema.parse(values);
  const { data, error } = await supabase.rpc('super_admin_reply_chef_inquiry', { p_id: inquiryId, p_subject: subject, p_message: message });
  if (error) throw new Error(error.message);
  return data;
}

export function useReplyChefInquiry(options: MutationCallbacks<string, ReplyInput> = {}) {
  return useInvalidatingMutation(replyChefInquiry, chefInquiriesQueryKey, options);
}
