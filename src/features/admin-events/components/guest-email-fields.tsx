import type { FormPartProps } from '@/components/forms/form-part';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import type { GuestEmailSettings } from '../schemas';

/**
 * What confirmed guests are emailed about the event: the reminder (hours before the dinner; 0 = no
 * reminder) and the private address — never shown on a public page, sent only to confirmed guests,
 * with the confirmation or with the reminder. Both dialogs' forms hold these fields (their values
 * extend GuestEmailSettings).
 */
export function GuestEmailFields({ register, errors }: FormPartProps<GuestEmailSettings>) {
  return (
    <fieldset className="space-y-3 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">Guest emails</legend>
      <FormField label="Reminder (hours before the dinner)" error={errors.reminderHours?.message} hint="0 sends no reminder.">
        <Input inputMode="numeric" className="sm:max-w-40" {...register('reminderHours')} />
      </FormField>
      <FormField
        label="Private address"
        error={errors.privateAddress?.message}
        hint="Only confirmed guests get it by email; it never appears on the public page."
      >
        <Textarea rows={2} placeholder="e.g. 12 Orchard Lane, buzz #3" {...register('privateAddress')} />
      </FormField>
      <div role="radiogroup" aria-label="When guests get the private address" className="space-y-2 text-sm">
        <p className="font-medium">When guests get the private address</p>
        <label className="flex items-center gap-2">
          <input type="radio" value="confirmation" className="h-4 w-4 accent-primary" {...register('addressDelivery')} />
          With the booking confirmation
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="reminder" className="h-4 w-4 accent-primary" {...register('addressDelivery')} />
          With the reminder
        </label>
        {errors.addressDelivery?.message ? <p className="text-sm text-destructive">{errors.addressDelivery.message}</p> : null}
      </div>
    </fieldset>
  );
}
