import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { readStatus } from '../lib/status';
import type { ChefInquiryStatus } from '../types';
import { chefInquiriesQueryKey } from './get-chef-inquiries';

export interface ArchiveInput {
  inquiryId: string;
  archived: boolean;
}

/**
 * Archives an inquiry, or brings it back (replied when it had a reply, else new): SQL
 * super_admin_archive_chef_inquiry / super_admin_unarchive_chef_inquiry. Answers the new status.
 */
export async function setChefInquiryArchived({ inquiryId, archived }: ArchiveInput): Promise<ChefInquiryStatus> {
  const { data, error } = archived
    ? await supabase.rpc('super_admin_archive_chef_inquiry', { p_id: inquiryId })
    : await supabase.rpc('super_admin_unarchive_chef_inquiry', { p_id: inquiryId });
  if (error) throw new Error(error.message);
  return readStatus(data);
}

export function useSetChefInquiryArchived(options: MutationCallbacks<ChefInquiryStatus, ArchiveInput> = {}) {
  return useInvalidatingMutation(setChefInquiryArchived, chefInquiriesQueryKey, options);
}
