import type { SelectOption } from '@/components/ui/option-select';
import type { TeamRole } from '../types';

export const roleLabels: Record<TeamRole, string> = { staff: 'Staff', owner: 'Owner' };

/** The invite form's roles, by name (a long label does not fit the select on a phone). */
export const roleOptions: readonly SelectOption[] = [
  { value: 'staff', label: roleLabels.staff },
  { value: 'owner', label: roleLabels.owner },
];

/** What each role may do, said under the invite form's choice. */
export const roleHints: Record<TeamRole, string> = {
  staff: 'Staff run events, reservations and the door.',
  owner: 'Owners also manage the team, payments and publishing.',
};
