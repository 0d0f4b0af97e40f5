/**
 * The staff actions' doors (assert_member, assert_owner and assert_super_admin in
 * 010_organizations_and_access.sql): whoever may not act is refused with SH403 in the action's
 * own words, the same answer whether what was asked about exists or not (nothing leaks).
 */
import { describe, expect, it } from 'vitest';
import { actAs, actAsOwner, eatathomeEvent, expectError, one, ORG, rolledBack, useDatabase } from './helpers.ts';

const pool = useDatabase();
const A = ORG.eatathome;
const NOBODY = '00000000-0000-4000-8000-000000000000';

/** [statement, its parameters (`$thing` is org A's, or nothing at all), the words]. */
type Door = [string, (thing: string) => unknown[], string];

const ownReservation =
  (words: string): ((sql: string) => Door) =>
  (sql) => [sql, (id) => [id], words];
const RESERVATION_DOORS: Door[] = [
  ownReservation('You can only cancel reservations of your own organization')(`select public.staff_cancel_reservation($1, '"none"', 'a reason')`),
  ownReservation('You can only refund reservations of your own organization')('select public.staff_refund_reservation($1, 100)'),
  ownReservation('You can only edit reservations of your own organization')('select * from public.staff_set_guests($1, 1)'),
];
const EVENT_DOORS: Door[] = [
  [`select public.staff_cancel_event($1, '"none"', 'A message')`, (id) => [id], 'You can only cancel events of your own organization'],
  ['select * from public.staff_event_cancellation($1)', (id) => [id], 'You can only see events of your own organization'],
  ['select * from public.staff_option_sales($1)', (id) => [id], 'You can only see events of your own organization'],
  ['select * from public.staff_event_overview($1)', (id) => [id], 'You can only see events of your own organization'],
  ['select * from public.staff_bookings_by_day($1)', (id) => [id], 'You can only see events of your own organization'],
  ['select * from public.staff_door_list($1)', (id) => [id], "You can only open the door list of your own organization's events"],
  ['select * from public.staff_addon_sales($1)', (id) => [id], 'You can only see events of your own organization'],
  [`select public.admin_save_event_addons($1, '[]')`, (id) => [id], 'You can only edit events of your own organization'],
  ['select public.staff_duplicate_event($1, array[current_date + 1])', (id) => [id], 'You can only copy events of your own organization'],
];
const ORG_DOORS: Door[] = [
  [`select * from public.staff_ledger_export($1, '2026-01-01', '2026-12-31')`, (id) => [id], 'You can only read the books of your own organization'],
  ['select * from public.staff_square_account($1)', (id) => [id], 'You can only see the payments of your own organization'],
  ['select * from public.staff_square_locations($1)', (id) => [id], 'You can only see the payments of your own organization'],
  ['select * from public.staff_list_team($1)', (id) => [id], 'You can only manage the team of your own organization'],
  [`select public.begin_square_oauth($1, 'hash', '{}')`, (id) => [id], "Only the organization's owners can connect its Square account"],
  [`select public.staff_choose_square_location($1, 'L1')`, (id) => [id], "Only the organization's owners can change its payments"],
  ['select * from public.owner_publish_organization($1)', (id) => [id], 'Only an owner can publish the organization'],
  [`select * from public.owner_set_org_contact_email($1, 'a@b.test')`, (id) => [id], "Only an owner can change the organization's contact email"],
];
const SUPER_ADMIN_DOORS: [string, unknown[], string][] = [
  ['select * from public.super_admin_list_organizations()', [], 'Only the SupperHost team can list every organization'],
  [`select * from public.super_admin_set_org_state($1, 'suspended')`, [A], 'Only the SupperHost team can suspend or reactivate an organization'],
  ['select public.super_admin_set_platform_payments($1, true)', [A], 'Only the SupperHost team can say which organizations it runs'],
  ['select public.super_admin_set_platform_fee($1, 100)', [A], 'Only the SupperHost team can set platform fees'],
  ['select public.super_admin_archive_chef_inquiry($1)', [NOBODY], 'Only the SupperHost team can read pop-up chef inquiries'],
];

const exactly = (words: string) => new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

describe("the staff actions' access checks", () => {
  it("refuse another organization's member in each action's words, for what exists and what does not", async () => {
    await rolledBack(pool(), async (db) => {
      const reservation = (await one<{ id: string }>(db, 'select id from public.reservations where org_id = $1 limit 1', [A])).id;
      await actAs(db, 'memberB');
      for (const [thing, doors] of [
        [reservation, RESERVATION_DOORS],
        [eatathomeEvent(1), EVENT_DOORS],
        [A, ORG_DOORS],
      ] as const) {
        for (const [sql, params, words] of doors) {
          await expectError(db, sql, params(thing), 'SH403', exactly(words));
          await expectError(db, sql, params(NOBODY), 'SH403', exactly(words));
        }
      }
      for (const sql of ['select public.staff_offer_waitlist($1)', 'select public.staff_remove_waitlist($1)']) {
        await expectError(db, sql, [NOBODY], 'SH403', /^You can only manage waitlists of your own organization$/);
      }
    });
  });

  it('refuse a member who is not the super admin in the words of each super admin action', async () => {
    await rolledBack(pool(), async (db) => {
      await actAs(db, 'memberA');
      for (const [sql, params, words] of SUPER_ADMIN_DOORS) await expectError(db, sql, params, 'SH403', exactly(words));
      await actAsOwner(db);
      expect((await one<{ state: string }>(db, 'select state from public.organizations where id = $1', [A])).state).toBe('published');
    });
  });
});
