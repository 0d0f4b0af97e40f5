import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { toast } from 'sonner';
import { EmailMessageFields } from '@/components/forms/email-message-fields';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ClosingDialog } from '@/components/ui/closing-dialog';
import { newIdempotencyKey } from '@/features/checkout/lib/idempotency';
import { when } from '@/lib/when';
import { useGuestMessages, useSendGuestMessages } from '../api/guest-messages';
import { guestMessageWords as w } from '../messages';
import { guestMessageSchema, type GuestMessageValues } from '../schemas';

/** The event page's "Email guests" button, with its dialog. */
export function EmailGuestsButton({ eventId, eventTitle }: { eventId: string; eventTitle: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Mail className="h-4 w-4" aria-hidden />
        {w.open}
      </Button>
      {open ? <EmailGuestsDialog eventId={eventId} eventTitle={eventTitle} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function EmailGuestsDialog({ eventId, eventTitle, onClose }: { eventId: string; eventTitle: string; onClose(): void }) {
  // One key per dialog: a second press, or a retry after a lost answer, sends nothing more.
  const [requestKey] = useState(newIdempotencyKey);
  const form = useForm<GuestMessageValues>({ resolver: zodResolver(guestMessageSchema), defaultValues: { subject: '', message: '' } });
  const { errors } = form.formState;
  const send = useSendGuestMessages(eventId, {
    onSuccess: ({ recipients }) => {
      toast.success(w.sent(recipients), { description: w.sentDescription });
      onClose();
    },
    onError: (error) => toast.error(w.failed, { description: error.message }),
  });
  return (
    <ClosingDialog title={w.title} description={w.description(eventTitle)} busy={send.isPending} onClose={onClose}>
      <form className="space-y-4" noValidate onSubmit={form.handleSubmit((values) => send.mutate({ eventId, requestKey, ...values }))}>
        <EmailMessageFields
          subject={form.register('subject')}
          message={form.register('message')}
          errors={{ subject: errors.subject?.message, message: errors.message?.message }}
        />
        <FormDialogFooter onCancel={onClose} pending={send.isPending} pendingLabel={w.pending} submitLabel={w.submit} />
      </form>
    </ClosingDialog>
  );
}

/** What was sent to the event's guests, newest first; nothing until something was. */
export function GuestMessagesList({ eventId }: { eventId: string }) {
  const messages = useGuestMessages(eventId);
  if (messages.isError) return <Alert variant="destructive">{`${w.loadFailed}: ${messages.error.message}`}</Alert>;
  if (!messages.data || messages.data.length === 0) return null;
  return (
    <section aria-labelledby="guest-messages-heading" className="space-y-3">
      <h2 id="guest-messages-heading" className="font-serif text-lg font-semibold">
        {w.listTitle}
      </h2>
      <ul aria-labelledby="guest-messages-heading" className="divide-y rounded-lg border bg-card">
        {messages.data.map((m) => (
          <li key={m.id} className="space-y-1 px-4 py-3">
            <p className="break-words font-medium">{m.subject}</p>
            <p className="text-xs text-muted-foreground">
              {when(m.createdAt)} · to {w.people(m.recipients)}
              {m.sentByEmail ? ` · by ${m.sentByEmail}` : ''}
            </p>
            <p className="line-clamp-3 whitespace-pre-line break-words text-sm text-muted-foreground">{m.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
