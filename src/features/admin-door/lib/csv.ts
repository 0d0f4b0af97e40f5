import type { DoorList } from '../types';

/**
 * CSV that spreadsheets open safely: every cell quoted when needed (RFC 4180), and a cell
 * that starts with = + - @ (or a tab / carriage return) is prefixed with a single quote so
 * a spreadsheet never evaluates guest-typed text as a formula (CSV injection).
 */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

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
  ]);
  return [doorCsvHeader, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
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
