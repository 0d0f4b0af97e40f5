import { useEffect, useRef, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { ClosingDialog } from '@/components/ui/closing-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatEventDate, todayIn } from '@/lib/dates';
import { withReason } from '@/lib/error-reason';
import { useDuplicateEvent } from '../api/duplicate-event';
import { isClamped, nextOccurrence, SERIES_MAX, SERIES_MIN, seriesDates } from '../lib/series';
import { repeatEventMessages as messages } from '../messages';
import { duplicateEventSchema, type DuplicateEventValues } from '../schemas';
import type { RepeatEventRef } from '../types';

interface Props {
  orgId: string;
  event: RepeatEventRef;
  onClose(): void;
}

/** The dates the form's values make (empty while they are not valid). */
function datesOf(values: Partial<DuplicateEventValues>): string[] {
  if (values.mode === 'once') return values.date ? [values.date] : [];
  const count = Number(values.count);
  if (!values.firstDate || !Number.isInteger(count) || count < SERIES_MIN || count > SERIES_MAX) return [];
  return seriesDates(values.firstDate, values.frequency ?? 'weekly', count);
}

/**
 * 'Duplicate event': copies the event (ticket types at full capacity, slots empty, policy,
 * settings, private details; nothing sold) to one new date, or to a series every week or every
 * month, listing the dates before anything is created. One call creates them all.
 */
export function DuplicateEventDialog({ orgId, event, onClose }: Props) {
  const today = todayIn(event.event_timezone);
  const form = useForm<DuplicateEventValues>({
    resolver: zodResolver(duplicateEventSchema(today)),
    defaultValues: {
      mode: 'once',
      date: nextOccurrence(event.date, 'weekly', today),
      frequency: 'weekly',
      count: '4',
      firstDate: nextOccurrence(event.date, 'weekly', today),
    },
  });
  const { errors } = form.formState;
  const values = form.watch();
  const dates = datesOf(values);

  // Until staff pick a first date themselves, it follows the frequency: a week or a month after the event.
  const firstDateEdited = useRef(false);
  const { setValue } = form;
  useEffect(() => {
    if (!firstDateEdited.current) setValue('firstDate', nextOccurrence(event.date, values.frequency, today));
  }, [values.frequency, event.date, today, setValue]);

  const duplicate = useDuplicateEvent(orgId, {
    onSuccess: (ids) => {
      toast.success(messages.success, { description: messages.created(ids.length, event.title) });
      onClose();
    },
    onError: (error) => toast.error(messages.error, { description: withReason(messages.createFailed, error) }),
  });

  const radio = (name: 'mode' | 'frequency', value: string, label: string): ReactNode => (
    <label className="flex items-center gap-3 rounded-md border p-3 text-sm font-medium has-[:checked]:border-primary">
      <input type="radio" value={value} className="h-5 w-5 shrink-0 accent-primary" {...form.register(name)} />
      <span>{label}</span>
    </label>
  );
  const firstDateField = form.register('firstDate');

  return (
    <ClosingDialog
      className="max-w-md"
      data-testid="duplicate-event-dialog"
      title="Duplicate event"
      description={
        <>
          {event.title} ({formatEventDate(event.date, 'MMM d, yyyy')}): its ticket types, time slots, refund policy and settings are copied to each
          new date. Nothing sold is copied. Guests may move their booking between the dates of one series that have the same price.
        </>
      }
      busy={duplicate.isPending}
      onClose={onClose}
    >
      <form className="min-w-0 space-y-4" noValidate onSubmit={form.handleSubmit((v) => duplicate.mutate({ eventId: event.id, dates: datesOf(v) }))}>
        <fieldset className="min-w-0 space-y-2">
          <legend className="mb-2 text-sm font-medium">Copy it to</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {radio('mode', 'once', 'One new date')}
            {radio('mode', 'series', 'A series of dates')}
          </div>
        </fieldset>

        {values.mode === 'once' ? (
          <FormField label="New date" error={errors.date?.message}>
            <Input type="date" min={today} {...form.register('date')} />
          </FormField>
        ) : (
          <>
            <fieldset className="min-w-0 space-y-2">
              <legend className="mb-2 text-sm font-medium">Repeat</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {radio('frequency', 'weekly', 'Every week')}
                {radio('frequency', 'monthly', 'Every month')}
              </div>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Number of dates" error={errors.count?.message} hint={`From ${SERIES_MIN} to ${SERIES_MAX}.`}>
                <Input type="number" inputMode="numeric" min={SERIES_MIN} max={SERIES_MAX} step={1} {...form.register('count')} />
              </FormField>
              <FormField label="First date" error={errors.firstDate?.message}>
                <Input
                  type="date"
                  min={today}
                  {...firstDateField}
                  onChange={(e) => {
                    firstDateEdited.current = true;
                    void firstDateField.onChange(e);
                  }}
                />
              </FormField>
            </div>
            {values.frequency === 'monthly' ? (
              <p className="text-xs text-muted-foreground">
                Monthly dates keep the first date&apos;s day of the month; a month without that day gets its last day.
              </p>
            ) : null}
          </>
        )}

        {dates.length > 0 ? (
          <section aria-labelledby="duplicate-dates-heading" className="space-y-2 rounded-md bg-muted/50 p-3">
            <h3 id="duplicate-dates-heading" className="text-sm font-medium">
              {dates.length === 1 ? 'The new event' : `The ${dates.length} new events`}
            </h3>
            <ol className="max-h-48 space-y-1 overflow-y-auto text-sm" aria-label="Dates to create" data-testid="duplicate-dates" tabIndex={0}>
              {dates.map((date) => (
                <li key={date} data-date={date}>
                  {formatEventDate(date, 'EEE, MMM d, yyyy')}
                  {values.mode === 'series' && values.frequency === 'monthly' && isClamped(values.firstDate, date) ? (
                    <span className="text-muted-foreground"> (last day of the month)</span>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        ) : null}

        <FormDialogFooter
          onCancel={onClose}
          pending={duplicate.isPending}
          pendingLabel="Creating…"
          submitLabel={dates.length > 1 ? `Create ${dates.length} events` : 'Create event'}
        />
      </form>
    </ClosingDialog>
  );
}
