import { isRsvpBooking } from './events';
import type { Branding, Organization, PublicEvent, PublicOrgPage } from '../types';

/** What the route's booking panel gets for the selected event. */
export interface BookingPanelContext {
  event: PublicEvent;
  organization: Organization;
  branding: Branding | null;
  /** Whether the RSVP form (not the ticketed form) applies to this event. */
  rsvp: boolean;
  /** Re-reads the page's data (fresh availability); resolves with the same event, or null if it is gone. */
  refreshEvent(): Promise<PublicEvent | null>;
  /** After a confirmed booking: refetches the page's data so counts are fresh. */
  onBooked(): void;
}

export type RefetchPage = () => Promise<{ data?: PublicOrgPage | null }>;

export function bookingPanelContext(page: PublicOrgPage, event: PublicEvent, refetch: RefetchPage): BookingPanelContext {
  return {
    event,
    organization: page.organization,
    branding: page.branding,
    rsvp: isRsvpBooking(event),
    refreshEvent: async () => {
      const result = await refetch();
      return result.data?.events.find((e) => e.id === event.id) ?? null;
    },
    onBooked: () => void refetch(),
  };
}
