import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { OptionSelect } from '@/components/ui/option-select';

/** The cutoffs offered, in hours before the start (null: online booking stays open until the dinner starts). */
const cutoffHours: readonly (number | null)[] = [null, 1, 2, 3, 6, 12, 24, 48, 72, 168];

function cutoffLabel(hours: number | null): string {
  if (hours === null) return 'When the dinner starts';
  if (hours === 168) return '1 week before';
  return `${hours} ${hours === 1 ? 'hour' : 'hours'} before`;
}

interface Props {
  field: UseFormRegisterReturn;
  error?: string;
  /** The event's saved cutoff: offered too when it is not one of the usual ones. */
  saved?: number | null;
}

/** When guests can no longer book online (nor join the waitlist); the host's team still can. */
export function BookingCutoffField({ field, error, saved = null }: Props) {
  const hours = saved === null || cutoffHours.includes(saved) ? cutoffHours : [...cutoffHours, saved].sort((a, b) => (a ?? 0) - (b ?? 0));
  return (
    <FormField
      label="Online booking closes"
      error={error}
      hint="After this, guests can no longer book online or join the waitlist; your team can still add bookings."
    >
      <OptionSelect className="sm:max-w-60" options={hours.map((h) => ({ value: h === null ? '' : String(h), label: cutoffLabel(h) }))} {...field} />
    </FormField>
  );
}
