import { Badge } from '@/components/ui/badge';
import type { AdminEvent } from '../types';

export function EventTypeBadge({ event }: { event: AdminEvent }) {
  return event.rsvp_mode ? <Badge variant="secondary">RSVP</Badge> : <Badge variant="outline">Reservation</Badge>;
}

export function EventStatusBadge({ event }: { event: AdminEvent }) {
  if (event.cancelled) return <Badge variant="destructive">Cancelled</Badge>;
  return event.is_active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>;
}

/** An unlisted dinner: off the public pages, open to whoever has its booking link. */
export function EventUnlistedBadge({ event }: { event: AdminEvent }) {
  return event.unlisted ? <Badge variant="secondary">Unlisted</Badge> : null;
}
