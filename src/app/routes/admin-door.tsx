import { DoorPage } from '@/features/admin-door/components/door-page';
import { AdminEventPage } from '../admin-event-page';

/** /admin/door/:eventId — the door list of one event (staff of its organization; the server decides). */
export default function AdminDoorRoute() {
  return <AdminEventPage title="Door list · Admin">{(eventId) => <DoorPage key={eventId} eventId={eventId} />}</AdminEventPage>;
}
