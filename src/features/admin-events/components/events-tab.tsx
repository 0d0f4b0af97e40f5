import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { useEvents } from '../api/get-events';
import { useSetEventActive } from '../api/toggle-event';
import { eventMessages } from '../messages';
import type { AdminEvent } from '../types';
import { CreateEventDialog } from './create-event-dialog';
import { DeleteEventDialog } from './delete-event-dialog';
import { EditEventDialog } from './edit-event-dialog';
import { EventCards } from './event-cards';
import { EventsTable } from './events-table';
import { AdminSection } from '@/components/admin/admin-section';
import { QueryStatus } from '@/components/admin/query-status';
import { withReason } from '@/lib/error-reason';

interface Props {
  orgId: string;
  layout: 'desktop' | 'mobile';
  /** The event's waitlist dialog (admin-waitlist, composed by the admin route); without it no 'Waitlist' action shows. */
  renderWaitlist?(event: AdminEvent, onClose: () => void): ReactNode;
  /** The event's 'Add booking' dialog (admin-staff-booking, composed by the admin route); without it no 'Add booking' action shows. */
  renderAddBooking?(event: AdminEvent, onClose: () => void): ReactNode;
  /** The event's 'Duplicate event' dialog (admin-repeat-event, composed by the admin route); without it no 'Duplicate' action shows. */
  renderDuplicate?(event: AdminEvent, onClose: () => void): ReactNode;
}

export function EventsTab({ orgId, layout, renderWaitlist, renderAddBooking, renderDuplicate }: Props) {
  const events = useEvents(orgId);
  const [editing, setEditing] = useState<AdminEvent | null>(null);
  const [deleting, setDeleting] = useState<AdminEvent | null>(null);
  const [waitlistOf, setWaitlistOf] = useState<AdminEvent | null>(null);
  const [addingTo, setAddingTo] = useState<AdminEvent | null>(null);
  const [duplicating, setDuplicating] = useState<AdminEvent | null>(null);
  const toggle = useSetEventActive(orgId, {
    onSuccess: (isActive) => toast.success(eventMessages.success, { description: isActive ? eventMessages.activated : eventMessages.deactivated }),
    onError: (error) => toast.error(eventMessages.error, { description: withReason(eventMessages.statusFailed, error) }),
  });

  useEffect(() => {
    if (events.isError) toast.error(eventMessages.error, { description: withReason(eventMessages.fetchFailed, events.error) });
  }, [events.isError, events.error]);

  const handlers = {
    onEdit: setEditing,
    onDelete: setDeleting,
    onToggle: (event: AdminEvent, isActive: boolean) => toggle.mutate({ id: event.id, isActive }),
    onWaitlist: renderWaitlist ? setWaitlistOf : undefined,
    onAddBooking: renderAddBooking ? setAddingTo : undefined,
    onDuplicate: renderDuplicate ? setDuplicating : undefined,
  };

  return (
    <AdminSection id="events" title="Events" actions={<CreateEventDialog orgId={orgId} />}>
      <QueryStatus query={events} loading="Loading events…" failed="Failed to fetch events" empty="No events yet. Create your first one.">
        {(rows) => (layout === 'desktop' ? <EventsTable events={rows} {...handlers} /> : <EventCards events={rows} {...handlers} />)}
      </QueryStatus>
      {editing ? <EditEventDialog orgId={orgId} event={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteEventDialog orgId={orgId} event={deleting} onClose={() => setDeleting(null)} /> : null}
      {waitlistOf && renderWaitlist ? renderWaitlist(waitlistOf, () => setWaitlistOf(null)) : null}
      {addingTo && renderAddBooking ? renderAddBooking(addingTo, () => setAddingTo(null)) : null}
      {duplicating && renderDuplicate ? renderDuplicate(duplicating, () => setDuplicating(null)) : null}
    </AdminSection>
  );
}
