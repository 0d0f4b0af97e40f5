import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateRange,
  localToday,
  privateDinnerMessages,
  privateDinnerSchema,
  type PrivateDinnerFormValues,
} from '../../src/features/private-dinner/schemas';

// The private dinner request form refuses what request_private_dinner refuses, in its words
// (src/features/private-dinner/schemas.ts; supabase/schemas/115_private_dinners.sql).

const TODAY = '2026-03-10';
const schema = privateDinnerSchema(() => TODAY);
const valid: PrivateDinnerFormValues = {
  name: 'Robin Guest',
  email: 'robin@example.com',
  phone: '',
  date: '2026-04-01',
  guests: '12',
  message: 'A birthday dinner at home.',
};

/** The messages the schema gives for one changed field (empty when it takes it). */
function refusals(change: Partial<PrivateDinnerFormValues>): string[] {
  const result = schema.safeParse({ ...valid, ...change });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('private dinner request form', () => {
  it('words each refusal as the SQL function does', () => {
    const sql = readFileSync(new URL('../../supabase/schemas/115_private_dinners.sql', import.meta.url), 'utf8');
    for (const message of Object.values(privateDinnerMessages)) expect(sql).toContain(`raise exception '${message}'`);
  });

  it('sends trimmed values, the party size as a number', () => {
    expect(
      schema.parse({
        ...valid,
        name: '  Robin Guest ',
        email: ' robin@example.com ',
        phone: ' +1 404 555 0100 ',
        guests: ' 012 ',
        message: '  Hi there! ',
      }),
    ).toEqual({ name: 'Robin Guest', email: 'robin@example.com', phone: '+1 404 555 0100', date: '2026-04-01', guests: 12, message: 'Hi there!' });
  });

  it('takes a name of 2 to 200 characters, counted as PostgreSQL counts them', () => {
    expect(refusals({ name: ' A ' })).toEqual([privateDinnerMessages.name]);
    expect(refusals({ name: 'Al' })).toEqual([]);
    expect(refusals({ name: 'x'.repeat(200) })).toEqual([]);
    expect(refusals({ name: 'x'.repeat(201) })).toEqual([privateDinnerMessages.name]);
    // Two emoji are two characters to char_length (four UTF-16 units to .length).
    expect(refusals({ name: '🎂🎉' })).toEqual([]);
    expect(refusals({ name: '🎂'.repeat(200) })).toEqual([]);
  });

  it('takes an email address as the server does', () => {
    expect(refusals({ email: '' })).toEqual([privateDinnerMessages.email]);
    expect(refusals({ email: 'robin@example' })).toEqual([privateDinnerMessages.email]);
    expect(refusals({ email: 'rob in@example.com' })).toEqual([privateDinnerMessages.email]);
    expect(refusals({ email: `${'r'.repeat(308)}@example.com` })).toEqual([]);
    expect(refusals({ email: `${'r'.repeat(309)}@example.com` })).toEqual([privateDinnerMessages.email]);
  });

  it('takes no phone, or one of at most 40 characters', () => {
    expect(refusals({ phone: '   ' })).toEqual([]);
    expect(refusals({ phone: '5'.repeat(40) })).toEqual([]);
    expect(refusals({ phone: '5'.repeat(41) })).toEqual([privateDinnerMessages.phone]);
  });

  it('takes a date from today to two years (730 days) ahead', () => {
    expect(refusals({ date: TODAY })).toEqual([]);
    expect(refusals({ date: '2026-03-09' })).toEqual([privateDinnerMessages.dateFromToday]);
    expect(refusals({ date: '' })).toEqual([privateDinnerMessages.dateFromToday]);
    expect(refusals({ date: '2026-02-30' })).toEqual([privateDinnerMessages.dateFromToday]);
    expect(refusals({ date: '2028-03-09' })).toEqual([]);
    expect(refusals({ date: '2028-03-10' })).toEqual([privateDinnerMessages.dateWithinTwoYears]);
    expect(dateRange(TODAY)).toEqual({ min: TODAY, max: '2028-03-09' });
  });

  it('asks for today when it checks (a page left open overnight moves on)', () => {
    let today = '2026-03-10';
    const moving = privateDinnerSchema(() => today);
    expect(moving.safeParse({ ...valid, date: '2026-03-10' }).success).toBe(true);
    today = '2026-03-11';
    expect(moving.safeParse({ ...valid, date: '2026-03-10' }).success).toBe(false);
  });

  it('takes 1 to 500 guests, whole', () => {
    for (const guests of ['1', '500', ' 8 ']) expect(refusals({ guests })).toEqual([]);
    for (const guests of ['', '0', '501', '2.5', '-3', '1e2', 'ten']) expect(refusals({ guests })).toEqual([privateDinnerMessages.guests]);
  });

  it('takes a message of 5 to 5000 characters', () => {
    expect(refusals({ message: ' Fish ' })).toEqual([privateDinnerMessages.message]);
    expect(refusals({ message: 'Fish!' })).toEqual([]);
    expect(refusals({ message: 'x'.repeat(5000) })).toEqual([]);
    expect(refusals({ message: 'x'.repeat(5001) })).toEqual([privateDinnerMessages.message]);
  });
});

describe('calendar dates', () => {
  it("are the visitor's own, and move by calendar days", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localToday(new Date(2026, 11, 31, 0, 1))).toBe('2026-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 730)).toBe('2027-12-31');
    expect(addDays('2026-03-10', -1)).toBe('2026-03-09');
  });
});
