import { toCsv } from '@/lib/csv';

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
