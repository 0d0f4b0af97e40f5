import { chefInquiryStatuses, type ChefInquiryStatus } from '../types';

/** An inquiry's status as the server wrote it; anything else is a broken answer. */
export function readStatus(value: string): ChefInquiryStatus {
  const found = chefInquiryStatuses.find((s) => s === value);
  if (!found) throw new Error(`Unknown inquiry status ${value}`);
  return found;
}
