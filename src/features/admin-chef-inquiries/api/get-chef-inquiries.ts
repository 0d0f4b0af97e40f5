import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Database } from '@/lib/database.types';
import { readStatus } from '../lib/status';
import type { ChefInquiry } from '../types';

type Row = Database['public']['Functions']['super_admin_list_chef_inquiries']['Returns'][number];

export const chefInquiriesQueryKey = ['admin', 'chef-inquiries'] as const;

function readInquiry(row: Row): ChefInquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    concept: row.concept,
    // The generated row marks no column nullable; these three may be null.
    nextEventDates: (row.next_event_dates as string | null) ?? null,
    sourceDomain: (row.source_domain as string | null) ?? null,
    status: readStatus(row.status),
    createdAt: row.created_at,
    repliedAt: (row.replied_at as string | null) ?? null,
    archivedAt: (row.archived_at as string | null) ?? null,
    replyCount: row.reply_count,
  };
}

/**
 * Every pop-up chef inquiry, newest first (SQL super_admin_list_chef_inquiries: the super admin
 * only; anyone else is refused). The inbox filters by status on the page: one request, and a
 * switch of filter is instant.
 */
export async function getChefInquiries(): Promise<ChefInquiry[]> {
  const { data, error } = await supabase.rpc('super_admin_list_chef_inquiries', {});
  if (error) throw new Error(error.message);
  return (data ?? []).map(readInquiry);
}

export const chefInquiriesQueryOptions = () => queryOptions({ queryKey: chefInquiriesQueryKey, queryFn: getChefInquiries });

export function useChefInquiries() {
  return useQuery(chefInquiriesQueryOptions());
}
