export interface AdminGuest {
  email: string;
  name: string;
  phone: string | null;
  reservation_count: number;
  guest_count: number;
  last_reservation_at: string;
}

export const GUESTS_PAGE_SIZE = 50;
