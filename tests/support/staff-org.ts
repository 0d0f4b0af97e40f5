import { createOrg, createStaff, type Org, type Staff } from './fixtures.ts';

/**
 * A new staff member (`label` in their email) and a new organization they own: where the API
 * tests and the admin screens' e2e tests start (and how they make an outsider, who owns another
 * organization). `org` is createOrg's input without its members.
 */
export async function createStaffOrg(
  label: string,
  org: Omit<NonNullable<Parameters<typeof createOrg>[0]>, 'members'>,
): Promise<{ staff: Staff; org: Org }> {
  const staff = await createStaff(label);
  return { staff, org: await createOrg({ ...org, members: [staff] }) };
}

/**
 * A staff member's new organization (as createStaffOrg, the staff member labelled `${label}-staff`)
 * and an outsider (`${label}-outsider`), who owns another organization: where the tests of what
 * only an organization's own staff may do start.
 */
export async function createStaffOrgAndOutsider(
  label: string,
  org: Omit<NonNullable<Parameters<typeof createOrg>[0]>, 'members'>,
): Promise<{ staff: Staff; org: Org; outsider: Staff }> {
  const own = await createStaffOrg(`${label}-staff`, org);
  const { staff: outsider } = await createStaffOrg(`${label}-outsider`, { name: 'Elsewhere Kitchen' });
  return { ...own, outsider };
}

/** Staff give a paid booking's party `guests` guests, those beyond what was paid for complimentary ("Chef friend"). */
export async function compGuests(staff: Staff, reservationId: string, guests: number): Promise<void> {
  const { error } = await staff.client.rpc('staff_set_guests', {
    p_reservation_id: reservationId,
    p_guests: guests,
    p_complimentary: true,
    p_reason: 'Chef friend',
  });
  if (error) throw new Error(`staff_set_guests: ${error.message}`);
}
