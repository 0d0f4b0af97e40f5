import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { isBookingClosed } from '@/lib/booking';
import { formatEventDate, formatEventTime } from '@/lib/dates';

interface PickableEvent {
  id: string;
  title: string;
  date: string;
  event_time: string;
  is_fully_booked: boolean;
  total_available: number;
  rsvp_mode?: boolean;
  rsvp_open?: boolean;
  booking_closes_at?: string | null;
}

/** The embed's event choice: one select (title, date and time; closed events disabled; a full one opens its waitlist). */
export function EventPicker({ events, value, onChange }: { events: readonly PickableEvent[]; value: string | null; onChange(id: string): void }) {
  return (
    <FormField label="Choose an event">
      <NativeSelect value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {value ? null : <option value="">Select an event</option>}
        {events.map((e) => {
          const rsvpsClosed = e.rsvp_mode === true && e.rsvp_open === false;
          const bookingClosed = isBookingClosed(e);
          const full = e.is_fully_booked || e.total_available <= 0;
          const note = rsvpsClosed ? ' (RSVPs Closed)' : bookingClosed ? ' (Booking Closed)' : full ? ' (Fully Booked: join the waitlist)' : '';
          return (
            <option key={e.id} value={e.id} disabled={rsvpsClosed || bookingClosed}>
              {`${e.title} — ${formatEventDate(e.date)}, ${formatEventTime(e.event_time)}${note}`}
            </option>
          );
        })}
      </NativeSelect>
    </FormField>
  );
}
