import type { SelectOption } from '@/components/ui/option-select';
import type { TeamRole } from '../types';

export const roleLabels: Record<TeamRole, string> = { staff: 'Staff', owner: 'Owner' };

/** What each role may do, as the invite form and the member rows say it. */
export const roleOptions: readonly SelectOption[] = [
  { value: 'staff', label: 'Staff: events, reservations, the door' },
  { value: 'owner', label: 'Owner: also the team, payments, publishing' },
];
