import { useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CreateDialogTrigger } from '@/components/forms/create-dialog-trigger';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { DEFAULT_DEPOSIT_CENTS } from '@/config/product';
import { dollarsToCents } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useCreateEvent } from '../api/create-event';
import { eventMessages } from '../messages';
import { defaultGuestEmailSettings, eventBasicsSchema, rsvpExtrasSchema, type EventBasics, type GuestEmailSettings } from '../schemas';
import { defaultTimezone, type DraftRsvpSlot, type DraftTicketType } from '../types';
import { type BookingRules, BookingRulesFields } from './booking-rules-fields';
import { EventBasicsFields } from './event-basics-fields';
import { GuestEmailFields } from './guest-email-fields';
import { RsvpSlotsEditor } from './rsvp-slots-editor';
import { TicketTypesEditor } from './ticket-types-editor';
import { withReason } from '@/lib/error-reason';

type Kind = 'reservation' | 'rsvp';

const emptyBasics: EventBasics = {
  title: '',
  date: '',
  eventTime: '19:00',
  eventTimezone: defaultTimezone,
  locationName: '',
  locationAddress: '',
  disclosures: '',
  refundWindowHours: '',
  lateRefundPercent: '0',
  bookingCutoffHours: '',
  unlisted: false,
  ...defaultGuestEmailSettings,
};

export function CreateEventDialog({ orgId }: { orgId: string }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<Kind>('reservation');
  const [ticketTypes, setTicketTypes] = useState<DraftTicketType[]>([]);
  const [slots, setSlots] = useState<DraftRsvpSlot[]>([]);
  const [maxGuests, setMaxGuests] = useState('');
  const [deposit, setDeposit] = useState('');
  const form = useForm<EventBasics>({ resolver: zodResolver(eventBasicsSchema), defaultValues: emptyBasics, mode: 'onBlur' });
  const [title, date, eventTime, locationName, refundWindowHours, lateRefundPercent] = form.watch([
    'title',
    'date',
    'eventTime',
    'locationName',
    'refundWindowHours',
    'lateRefundPercent',
  ]);

  const reset = () => {
    form.reset(emptyBasics);
    setTicketTypes([]);
    setSlots([]);
    setMaxGuests('');
    setDeposit('');
    setKind('reservation');
  };

  const create = useCreateEvent(orgId, {
    onSuccess: (_id, input) => {
      toast.success(eventMessages.success, {
        description: input.kind === 'rsvp' ? eventMessages.rsvpCreated : eventMessages.reservationCreated,
      });
      reset();
      setOpen(false);
    },
    onError: (error) => toast.error(eventMessages.error, { description: withReason(eventMessages.createFailed, error) }),
  });

  const extras = rsvpExtrasSchema.safeParse({ maxGuests, depositDollars: deposit });
  const extrasErrors = extras.success ? {} : Object.fromEntries(extras.error.issues.map((i) => [String(i.path[0]), i.message]));
  const basicsFilled = [title, date, eventTime, locationName].every((v) => (v ?? '').trim() !== '');
  const canCreate = basicsFilled && extras.success && (kind === 'reservation' ? ticketTypes.length > 0 : maxGuests.trim() !== '' || slots.length > 0);

  const onSubmit = form.handleSubmit((basics) => {
    // The create call runs only with a title, a date and an organization.
    if (!canCreate || !basics.title || !basics.date || !orgId) return;
    const totalTickets = ticketTypes.reduce((sum, t) => sum + t.quantity, 0);
    create.mutate({
      orgId,
      kind,
      basics,
      maxGuests: kind === 'reservation' ? totalTickets : maxGuests.trim() === '' ? null : Number(maxGuests),
      // Reservation events get the default deposit; RSVP events use the one entered (or none).
      depositCents: kind === 'reservation' ? DEFAULT_DEPOSIT_CENTS : deposit.trim() === '' ? null : dollarsToCents(deposit),
      ticketTypes: ticketTypes.map(({ name, priceCents, quantity }) => ({ name, priceCents, quantity })),
      rsvpSlots: slots.map(({ slotTime, slotLabel, maxCapacity }) => ({ slotTime, slotLabel, maxCapacity })),
    });
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <CreateDialogTrigger>Create Event</CreateDialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create Event</DialogTitle>
          <DialogDescription>A ticketed reservation dinner, or an RSVP event with time slots.</DialogDescription>
        </DialogHeader>
        <div role="group" aria-label="Event type" className="grid w-full grid-cols-2 gap-1 rounded-md bg-muted p-1">
          {(['reservation', 'rsvp'] as const).map((k) => (
            <button
              key={k}
              type="button"
              aria-pressed={kind === k}
              onClick={() => setKind(k)}
              className={cn(
                'rounded-sm px-3 py-1.5 text-sm font-medium text-muted-foreground transition-all',
                kind === k && 'bg-background text-foreground shadow-sm',
              )}
            >
              {k === 'reservation' ? 'Reservation Event' : 'RSVP Event'}
            </button>
          ))}
        </div>
        <form className="space-y-5" noValidate onSubmit={onSubmit}>
          <EventBasicsFields register={form.register} errors={form.formState.errors} />
          <BookingRulesFields
            // The form's values hold the booking rules among the event's basics.
            register={form.register as unknown as UseFormRegister<BookingRules>}
            errors={form.formState.errors}
            refundWindowHours={refundWindowHours}
            lateRefundPercent={lateRefundPercent}
          />
          <GuestEmailFields
            // The form's values hold the guest-email settings among the event's basics.
            register={form.register as unknown as UseFormRegister<GuestEmailSettings>}
            errors={form.formState.errors}
          />
          {kind === 'reservation' ? (
            <TicketTypesEditor value={ticketTypes} onChange={setTicketTypes} />
          ) : (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Max guests" error={extrasErrors.maxGuests} hint="Optional when the event has slots.">
                  <Input inputMode="numeric" value={maxGuests} onChange={(e) => setMaxGuests(e.target.value)} />
                </FormField>
                <FormField label="Deposit per guest ($, optional)" error={extrasErrors.depositDollars}>
                  <Input inputMode="decimal" value={deposit} onChange={(e) => setDeposit(e.target.value)} />
                </FormField>
              </div>
              <RsvpSlotsEditor value={slots} onChange={setSlots} />
            </>
          )}
          <FormDialogFooter
            onCancel={() => setOpen(false)}
            pending={create.isPending}
            pendingLabel="Creating…"
            submitLabel={kind === 'rsvp' ? 'Create RSVP Event' : 'Create Reservation Event'}
            disabled={!canCreate}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
