import { Badge } from '@/components/ui/badge';
import { privateDinnerMessages } from '../messages';
import type { PrivateDinnerStatus } from '../types';

const variant = { new: 'warning', replied: 'success', archived: 'secondary' } as const;

export function StatusBadge({ status }: { status: PrivateDinnerStatus }) {
  return <Badge variant={variant[status]}>{privateDinnerMessages.status[status]}</Badge>;
}
