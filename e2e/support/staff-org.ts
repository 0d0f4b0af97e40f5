import { createOrg, createStaff, type Org, type Staff } from '../../tests/support/fixtures';

/**
 * A new staff member (`label` in their email) and a new organization they own: where an admin
 * screen's test starts. `org` is createOrg's input without its members.
 */
export async function createStaffOrg(
  label: string,
  org: Omit<NonNullable<Parameters<typeof createOrg>[0]>, 'members'>,
): Promise<{ staff: Staff; org: Org }> {
  const staff = await createStaff(label);
  return { staff, org: await createOrg({ ...org, members: [staff] }) };
}
