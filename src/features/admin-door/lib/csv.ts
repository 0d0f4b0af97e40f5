import { toCsv } from '@/lib/csv';
import type { DoorList } from '../types';

export const doorCsvHeader = [
  'Seating',
  'Name',
  'Email',
  'Phone',
  'Booking code',
  'Guests',
  'Checked in',
  'Checked in at',
  'Ticket type',
  'Dietary restrictions',
  'Special requests',
  'Staff notes',
  'Add-ons',
] as const;

/** The door list as CSV, one row per party in the list's order. */
export function doorListToCsv(list: Pick<DoorList, 'parties'>): string {
  const rows = list.parties.map((p) => [
    p.seating ?? '',
    p.name,
    p.email,
    p.phone ?? '',
    p.bookingCode,
    p.numGuests,
    p.checkedInGuests,
    p.checkedInAt ?? '',
    p.ticketTypeName ?? '',
    p.dietaryRestrictions ?? '',
    p.specialRequests ?? '',
    p.staffNotes ?? '',
    p.addons ?? '',
  ]);
  return toCsv(doorCsvHeader, rows);
}

/** door-list-<title>-<date>.csv */
export function doorCsvFilename(event: { title: string; date: string }): string {
  const slug =
    event.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'event';
  return `door-list-${slug}-${event.date}.csv`;
}
