import { Link } from 'react-router-dom';
import { ChefHat } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { OverviewPage } from '@/features/admin-overview/components/overview-page';
import { CancelDinnerButton, DinnerCancellation } from '@/features/admin-cancel-event/components/cancel-dinner';
import { CopyBookingLinkButton } from '@/features/admin-events/components/copy-booking-link';
import { EmailGuestsButton, GuestMessagesList } from '@/features/admin-guest-messages/components/email-guests';
import { SplitPaymentsSetting } from '@/features/admin-split-payments/components/split-payments-setting';
import { AdminEventPage } from '../admin-event-page';

/** /admin/events/:eventId — one event's overview (staff of its organization; the server decides). */
export default function AdminEventOverviewRoute() {
  return (
    <AdminEventPage title="Event overview · Admin">
      {(eventId) => (
        <OverviewPage
          key={eventId}
          eventId={eventId}
          actions={({ title, upcoming }) => (
            <>
              {upcoming ? <CopyBookingLinkButton eventId={eventId} /> : null}
              <Button asChild variant="outline" size="sm">
                <Link to={paths.adminKitchenReport.getHref(eventId)}>
                  <ChefHat className="h-4 w-4" aria-hidden />
                  Kitchen report
                </Link>
              </Button>
              <EmailGuestsButton eventId={eventId} eventTitle={title} />
              {/* A dinner that has started is not cancelled as a whole (the server refuses it too). */}
              {upcoming ? <CancelDinnerButton eventId={eventId} eventTitle={title} /> : null}
            </>
          )}
          notice={<DinnerCancellation eventId={eventId} />}
          settings={
            <>
              <GuestMessagesList eventId={eventId} />
              <SplitPaymentsSetting eventId={eventId} />
            </>
          }
        />
      )}
    </AdminEventPage>
  );
}
