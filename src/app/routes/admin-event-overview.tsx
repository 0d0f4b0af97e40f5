import { OverviewPage } from '@/features/admin-overview/components/overview-page';
import { CancelDinnerButton, DinnerCancellation } from '@/features/admin-cancel-event/components/cancel-dinner';
import { AdminEventPage } from '../admin-event-page';

/** /admin/events/:eventId — one event's overview (staff of its organization; the server decides). */
export default function AdminEventOverviewRoute() {
  return (
    <AdminEventPage title="Event overview · Admin">
      {(eventId) => (
        <OverviewPage
          key={eventId}
          eventId={eventId}
          // A dinner that has started is not cancelled as a whole (the server refuses it too).
          actions={({ title, upcoming }) => (upcoming ? <CancelDinnerButton eventId={eventId} eventTitle={title} /> : null)}
          notice={<DinnerCancellation eventId={eventId} />}
        />
      )}
    </AdminEventPage>
  );
}
