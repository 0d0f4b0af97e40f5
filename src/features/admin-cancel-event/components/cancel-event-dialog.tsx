import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { ClosingDialog } from '@/components/ui/closing-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { MAX_CANCEL_MESSAGE_LENGTH } from '@/config/product';
import { formatCents } from '@/lib/money';
import { useCancelEvent } from '../api/cancel-event';
import { count, refundTotalCents } from '../lib/refund';
import { cancelEventMessages as m } from '../messages';
import type { CancelEventRefund, EventCancellation } from '../types';
import { SubmitForm } from '@/components/forms/submit-form';

interface Props {
  eventId: string;
  eventTitle: string;
  /** What the cancellation would touch (state 'none'). */
  preview: EventCancellation;
  onClose(): void;
}

type Choice = 'full' | 'none' | 'percent';

/** The refund choice, or the error that keeps it from being one. */
function refundOf(choice: Choice, percent: string): { refund: CancelEventRefund; error?: undefined } | { refund?: undefined; error: string } {
  if (choice !== 'percent') return { refund: choice };
  const value = percent.trim();
  if (!/^\d{1,3}$/.test(value) || Number(value) > 100) return { error: m.percentInvalid };
  return { refund: { percent: Number(value) } };
}

/** The sentences of what will happen, for the choice as it stands. */
function consequences(preview: EventCancellation, refund: CancelEventRefund): string[] {
  const refunded = refundTotalCents(preview.heldByBooking, refund);
  const lines = [
    preview.bookingsOpen > 0
      ? `${count(preview.bookingsOpen, 'booking')} will be cancelled, and each guest emailed your message.`
      : 'There are no confirmed bookings to cancel.',
  ];
  if (preview.heldCents > 0) {
    lines.push(
      refunded === 0
        ? `Guests paid ${formatCents(preview.heldCents)}: none of it will be refunded.`
        : `Guests paid ${formatCents(preview.heldCents)}: ${formatCents(refunded)} will be refunded to the cards they paid with.`,
    );
  }
  if (preview.holdsOpen > 0) lines.push(`${count(preview.holdsOpen, 'checkout')} in progress will be stopped.`);
  if (preview.waitlistOpen > 0) lines.push(`The waitlist of ${count(preview.waitlistOpen, 'party', 'parties')} will be closed, and each party told.`);
  lines.push('The event stops taking bookings.');
  return lines;
}

/**
 * "Cancel this dinner": the refund choice and the message first, with what will happen; then a
 * confirmation; then the work (the function cancels everything and sends the refunds).
 */
export function CancelEventDialog({ eventId, eventTitle, preview, onClose }: Props) {
  const [step, setStep] = useState<'choose' | 'confirm'>('choose');
  const [choice, setChoice] = useState<Choice>('full');
  const [percent, setPercent] = useState('50');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ percent?: string; message?: string }>({});
  const cancel = useCancelEvent(eventId);

  const { refund, error: percentError } = refundOf(choice, percent);
  const lines = consequences(preview, refund ?? 'none');

  function review() {
    const next: typeof errors = {};
    if (percentError) next.percent = percentError;
    const text = message.trim();
    if (!text) next.message = m.messageRequired;
    else if (text.length > MAX_CANCEL_MESSAGE_LENGTH) next.message = m.messageTooLong(MAX_CANCEL_MESSAGE_LENGTH);
    setErrors(next);
    if (!next.percent && !next.message) setStep('confirm');
  }

  function confirm() {
    if (!refund) return;
    cancel.mutate(
      { eventId, refund, message },
      {
        onSuccess: () => {
          toast.success(m.doneToast);
          onClose();
        },
      },
    );
  }

  const radio = (value: Choice, label: string, detail?: string) => (
    <label className="flex items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary">
      <input
        type="radio"
        name="cancel-event-refund"
        value={value}
        checked={choice === value}
        onChange={() => setChoice(value)}
        className="mt-0.5 h-5 w-5 shrink-0 accent-primary"
      />
      <span className="min-w-0">
        <span className="font-medium">{label}</span>
        {detail ? <span className="block text-muted-foreground">{detail}</span> : null}
      </span>
    </label>
  );

  return (
    <ClosingDialog
      className="max-h-[90vh] max-w-lg overflow-y-auto"
      title={step === 'choose' ? m.title : m.confirmTitle}
      description={
        <>
          {eventTitle}. {m.description}
        </>
      }
      busy={cancel.isPending}
      onClose={onClose}
    >
      {step === 'choose' ? (
        <SubmitForm className="min-w-0 space-y-4" noValidate onSubmit={review}>
          {preview.heldCents > 0 ? (
            <fieldset className="min-w-0 space-y-2">
              <legend className="mb-2 text-sm font-medium">{m.refundLegend}</legend>
              {radio('full', m.refundFull, `${formatCents(preview.heldCents)} back to the cards guests paid with`)}
              {radio('percent', m.refundPercent)}
              {choice === 'percent' ? (
                <FormField label={m.percentLabel} error={errors.percent} hint={m.percentHint} className="pl-8">
                  <Input
                    inputMode="numeric"
                    autoComplete="off"
                    className="max-w-[8rem]"
                    value={percent}
                    onChange={(e) => {
                      setPercent(e.target.value);
                      if (errors.percent) setErrors({ ...errors, percent: undefined });
                    }}
                  />
                </FormField>
              ) : null}
              {radio('none', m.refundNone, 'Nothing is refunded. Say in your message what you offer instead, such as a seat at a later date.')}
            </fieldset>
          ) : null}

          <FormField label={m.messageLabel} error={errors.message} hint={`${m.messageHint} ${message.trim().length}/${MAX_CANCEL_MESSAGE_LENGTH}`}>
            <Textarea
              rows={4}
              aria-required
              value={message}
              onChange={(e) => {
                setMessage(e.target.value);
                if (errors.message) setErrors({ ...errors, message: undefined });
              }}
            />
          </FormField>

          <section aria-label={m.whatHappens} className="space-y-1 rounded-md bg-muted/50 p-3 text-sm">
            <h3 className="font-medium">{m.whatHappens}</h3>
            <ul className="list-disc space-y-1 pl-5" data-testid="cancel-event-consequences">
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>

          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {m.keep}
            </Button>
            <Button type="submit" variant="destructive">
              {m.review}
            </Button>
          </DialogFooter>
        </SubmitForm>
      ) : (
        <div className="min-w-0 space-y-4">
          <section aria-label={m.whatHappens} className="space-y-1 rounded-md border border-destructive/40 p-3 text-sm">
            <ul className="list-disc space-y-1 pl-5">
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="pt-2 font-medium">{m.cannotUndo}</p>
          </section>
          <figure className="space-y-1 text-sm">
            <figcaption className="font-medium">Your message</figcaption>
            <blockquote className="whitespace-pre-line border-l-4 pl-3 text-muted-foreground">{message.trim()}</blockquote>
          </figure>
          {cancel.isPending ? <Spinner label={m.working} /> : null}
          {cancel.isError ? (
            <Alert variant="destructive" role="alert">
              {m.failed}: {cancel.error.message}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setStep('choose')} disabled={cancel.isPending}>
              {m.back}
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelling…' : m.confirm}
            </Button>
          </DialogFooter>
        </div>
      )}
    </ClosingDialog>
  );
}
