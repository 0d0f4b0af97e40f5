import type { FormPartProps } from '@/components/forms/form-part';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import type { EventBasics } from '../schemas';
import { eventTimezones } from '../types';

/** Title, date, time, timezone and location: the part both kinds of event share. */
export function EventBasicsFields({ register, errors }: FormPartProps<EventBasics>) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Title" error={errors.title?.message} className="sm:col-span-2">
        <Input {...register('title')} />
      </FormField>
      <FormField label="Date" error={errors.date?.message}>
        <Input type="date" {...register('date')} />
      </FormField>
      <FormField label="Time" error={errors.eventTime?.message}>
        <Input type="time" {...register('eventTime')} />
      </FormField>
      <FormField label="Timezone" error={errors.eventTimezone?.message} className="sm:col-span-2">
        <OptionSelect options={eventTimezones} {...register('eventTimezone')} />
      </FormField>
      <FormField label="Location name" error={errors.locationName?.message}>
        <Input {...register('locationName')} />
      </FormField>
      <FormField label="Location address" error={errors.locationAddress?.message}>
        <Input {...register('locationAddress')} />
      </FormField>
      <FormField label="Event details and disclosures (optional)" error={errors.disclosures?.message} className="sm:col-span-2">
        <Textarea rows={3} {...register('disclosures')} />
      </FormField>
    </div>
  );
}
