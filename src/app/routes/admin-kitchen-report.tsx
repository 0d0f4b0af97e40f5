import { KitchenReportPage } from '@/features/admin-kitchen-report/components/kitchen-report-page';
import { AdminEventPage } from '../admin-event-page';

/** /admin/events/:eventId/kitchen — an event's kitchen report (staff of its organization; the server decides). */
export default function AdminKitchenReportRoute() {
  return <AdminEventPage title="Kitchen report · Admin">{(eventId) => <KitchenReportPage key={eventId} eventId={eventId} />}</AdminEventPage>;
}
