import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { ChefInquiryReply } from '../types';
import { chefInquiriesQueryKey } from './get-chef-inquiries';

export const chefInquiryRepliesQueryKey = (inquiryId: string) => [...chefInquiriesQueryKey, inquiryId, 'replies'] as const;

/** The replies sent to one inquiry, oldest first, with their email's delivery (SQL super_admin_chef_inquiry_replies). */
export async function getChefInquiryReplies(inquiryId: string): Promise<ChefInquiryReply[]> {
  const { data, error } = await supabase.rpc('super_admin_chef_inquiry_replies', { p_id: inquiryId });
  if (error) throw new Error(error.message);
  return (data ?? []).map((row) => ({
    id: row.id,
    subject: row.subject,
    body: row.body,
    sentByEmail: (row.sent_by_email as string | null) ?? null,
    createdAt: row.created_at,
    deliveryStatus: (row.delivery_status as string | null) ?? null,
    deliveredAt: (row.delivered_at as string | null) ?? null,
  }));
}

export const chefInquiryRepliesQueryOptions = (inquiryId: string) =>
  queryOptions({ queryKey: chefInquiryRepliesQueryKey(inquiryId), queryFn: () => getChefInquiryReplies(inquiryId) });

export function useChefInquiryReplies(inquiryId: string) {
  return useQuery(chefInquiryRepliesQueryOptions(inquiryId));
}
