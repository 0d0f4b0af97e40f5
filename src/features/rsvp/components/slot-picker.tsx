import { Badge } from '@/components/ui/badge';
import type { PublicRsvpSlot } from '@/lib/booking';
import { formatEventTime, labelBesideTime } from '@/lib/calendar-dates';
import { cn } from '@/lib/utils';
import { isSelectable, slotBadge, slotFilledText, slotStatus, spotsLeft } from '../lib/slot-status';

interface Props {
  slots: readonly PublicRsvpSlot[];
  guests: number;
  value: string;
  error?: string;
  onChange(slotId: string): void;
}

/**
 * 'Select Your RSVP Time': native radios (keyboard and screen-reader friendly); inactive, full
 * and too-small slots are disabled.
 */
export function SlotPicker({ slots, guests, value, error, onChange }: Props) {
  const errorId = 'rsvp-slot-error';
  return (
    <fieldset className="space-y-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-base font-semibold">Select Your RSVP Time</legend>
      {slots.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">No RSVP time slots available for this event.</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {slots.map((slot) => {
            const status = slotStatus(slot, guests);
            const selectable = isSelectable(status);
            const badge = slotBadge(status, spotsLeft(slot));
            const checked = value === slot.id;
            const label = labelBesideTime(slot.slot_label, slot.slot_time);
            return (
              <label
                key={slot.id}
                data-testid="rsvp-slot"
                data-status={status}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  checked && 'border-primary bg-primary/5 ring-1 ring-primary',
                  !selectable && 'cursor-not-allowed opacity-60',
                )}
              >
                <input
                  type="radio"
                  name="rsvp-slot"
                  value={slot.id}
                  checked={checked}
                  disabled={!selectable}
                  onChange={() => onChange(slot.id)}
                  className="mt-1 h-4 w-4 accent-[hsl(var(--primary))]"
                />
                <span className="flex flex-1 flex-col gap-1">
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-semibold">{formatEventTime(slot.slot_time)}</span>
                    <Badge variant={badge.variant}>{badge.text}</Badge>
                  </span>
                  {label ? <span className="text-sm">{label}</span> : null}
                  <span className="text-xs text-muted-foreground">{slotFilledText(slot)}</span>
                </span>
              </label>
            );
          })}
        </div>
      )}
      {guests > 1 && slots.length > 0 ? (
        <p className="text-sm text-muted-foreground">Only time slots with enough open spots for all {guests} guests in your party can be selected.</p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
