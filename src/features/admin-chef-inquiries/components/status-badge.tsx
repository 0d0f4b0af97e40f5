import { Badge } from '@/components/ui/badge';
import { chefInquiryMessages } from '../messages';
import type { ChefInquiryStatus } from '../types';

const variant = { new: 'warning', replied: 'success', archived: 'secondary' } as const;

export function StatusBadge({ status }: { status: ChefInquiryStatus }) {
  return <Badge variant={variant[status]}>{chefInquiryMessages.status[status]}</Badge>;
}
