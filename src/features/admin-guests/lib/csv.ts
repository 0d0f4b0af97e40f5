/**
 * CSV that spreadsheets open safely: every cell quoted when needed (RFC 4180), and a cell
 * that starts with = + - @ (or a tab / carriage return) is prefixed with a single quote so
 * Excel or Sheets never evaluate guest-typed text as a formula (CSV injection).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export const guestCsvHeader = ['Name', 'Email', 'Phone', 'Reservations', 'Guests', 'Last reservation'] as const;

export function guestsToCsv(
  guests: readonly {
    name: string;
    email: string;
    phone: string | null;
    reservation_count: number;
    guest_count: number;
    last_reservation_at: string;
  }[],
): string {
  return toCsv(
    guestCsvHeader,
    guests.map((g) => [g.name, g.email, g.phone ?? '', g.reservation_count, g.guest_count, g.last_reservation_at.slice(0, 10)]),
  );
}
