import { useParams } from 'react-router-dom';
import { OrgBookingWidget } from '@/features/org-page/components/org-booking-widget';
import { EmbedFrame } from '@/features/embed/components/embed-frame';
import { EventPicker } from '@/features/embed/components/event-picker';
import { BookingPanel } from '../booking-panel';

/**
 * /{orgSlug}/embed: the booking form alone, meant for an iframe on the organization's own site
 * (no site chrome, no frame-busting; its height is posted to the parent — see docs/EMBED.md).
 */
export default function OrgEmbedRoute() {
  const { orgSlug = '' } = useParams();
  return (
    <EmbedFrame>
      <OrgBookingWidget
        slug={orgSlug}
        renderEventPicker={({ events, selectedId, select }) => <EventPicker events={events} value={selectedId} onChange={select} />}
        renderBookingPanel={(context) => <BookingPanel context={context} />}
      />
    </EmbedFrame>
  );
}
