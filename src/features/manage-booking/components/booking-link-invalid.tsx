import { LinkInvalidPage } from '@/components/message-page';

/** A token that opens no booking. */
export function BookingLinkInvalid() {
  return (
    <LinkInvalidPage title="Booking link not valid" heading="This booking link is not valid" testId="booking-link-invalid">
      Check that you opened the whole link from your confirmation email. If it still does not work, contact the host of your dinner.
    </LinkInvalidPage>
  );
}
