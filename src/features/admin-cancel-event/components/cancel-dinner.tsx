import { useState } from 'react';
import { Ban } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useEventCancellation } from '../api/get-event-cancellation';
import { cancelEventMessages as m } from '../messages';
import { CancelEventDialog } from './cancel-event-dialog';
import { CancellationStatus } from './cancellation-status';

/** The event page's "Cancel this dinner" button (with its dialog); nothing once the dinner is cancelled. */
export function CancelDinnerButton({ eventId, eventTitle }: { eventId: string; eventTitle: string }) {
  const query = useEventCancellation(eventId);
  const [open, setOpen] = useState(false);
  if (!query.data || query.data.state !== 'none') return null;
  return (
    <>
      <Button variant="outline" size="sm" className="text-destructive" onClick={() => setOpen(true)}>
        <Ban className="h-4 w-4" aria-hidden />
        {m.open}
      </Button>
      {open ? <CancelEventDialog eventId={eventId} eventTitle={eventTitle} preview={query.data} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** A cancelled dinner's result and progress, at the top of its page; nothing while it is not cancelled. */
export function DinnerCancellation({ eventId }: { eventId: string }) {
  const query = useEventCancellation(eventId);
  if (query.isError) return <Alert variant="destructive">{`${m.loadFailed}: ${query.error.message}`}</Alert>;
  if (!query.data || query.data.state === 'none') return null;
  return <CancellationStatus eventId={eventId} cancellation={query.data} />;
}
