import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useEvents } from '../api/get-events';
import { useSetEventActive } from '../api/toggle-event';
import { eventMessages } from '../messages';
import type { AdminEvent } from '../types';
import { CreateEventDialog } from './create-event-dialog';
import { DeleteEventDialog } from './delete-event-dialog';
import { EditEventDialog } from './edit-event-dialog';
import { EventCards } from './event-cards';
import { EventsTable } from './events-table';

interface Props {
  orgId: string;
  layout: 'desktop' | 'mobile';
}

export function EventsTab({ orgId, layout }: Props) {
  const events = useEvents(orgId);
  const [editing, setEditing] = useState<AdminEvent | null>(null);
  const [deleting, setDeleting] = useState<AdminEvent | null>(null);
  const toggle = useSetEventActive(orgId, {
    onSuccess: (isActive) => toast.success(eventMessages.success, { description: isActive ? eventMessages.activated : eventMessages.deactivated }),
    onError: () => toast.error(eventMessages.error, { description: eventMessages.statusFailed }),
  });

  useEffect(() => {
    if (events.isError) toast.error(eventMessages.error, { description: eventMessages.fetchFailed });
  }, [events.isError]);

  const handlers = {
    onEdit: setEditing,
    onDelete: setDeleting,
    onToggle: (event: AdminEvent, isActive: boolean) => toggle.mutate({ id: event.id, isActive }),
  };

  return (
    <section aria-labelledby="events-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="events-heading" className="font-serif text-2xl font-semibold">
          Events
        </h2>
        <CreateEventDialog orgId={orgId} />
      </div>
      {events.isPending ? <Spinner label="Loading events…" /> : null}
      {events.isError ? <Alert variant="destructive">Failed to fetch events</Alert> : null}
      {events.data && events.data.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">No events yet. Create your first one.</p>
      ) : null}
      {events.data && events.data.length > 0 ? (
        layout === 'desktop' ? (
          <EventsTable events={events.data} {...handlers} />
        ) : (
          <EventCards events={events.data} {...handlers} />
        )
      ) : null}
      {editing ? <EditEventDialog orgId={orgId} event={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteEventDialog orgId={orgId} event={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}
