import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import type { FormPartProps } from './form-part';

interface GuestContact {
  name: string;
  email: string;
  phone: string;
}

interface NameAndEmail {
  name: string;
  email: string;
}

/** The guest's name and email, side by side in a two-column grid (or stacked in a dialog). */
export function GuestNameEmailFields({
  register,
  errors,
  nameLabel,
  nameClassName,
}: FormPartProps<NameAndEmail> & {
  /** The form's word for the name field ("Name", "Full name"). */
  nameLabel: string;
  /** The name field's place in the grid, where it differs ("sm:col-span-2": a full row). */
  nameClassName?: string;
}) {
  return (
    <>
      <FormField label={nameLabel} error={errors.name?.message} className={nameClassName}>
        <Input autoComplete="name" {...register('name')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </FormField>
    </>
  );
}

/** The guest's name (a full row), email and optional phone, in a two-column booking form grid. */
export function GuestContactFields({
  register,
  errors,
  nameLabel,
}: FormPartProps<GuestContact> & {
  /** The venue's word for the name field ("Name", "Full name"). */
  nameLabel: string;
}) {
  return (
    <>
      <GuestNameEmailFields register={register} errors={errors} nameLabel={nameLabel} nameClassName="sm:col-span-2" />
      <GuestPhoneField register={register} errors={errors} />
    </>
  );
}

/** The guest's phone number, which a booking never requires. */
export function GuestPhoneField({ register, errors }: FormPartProps<{ phone: string }>) {
  return (
    <FormField label="Phone (optional)" error={errors.phone?.message}>
      <Input type="tel" autoComplete="tel" {...register('phone')} />
    </FormField>
  );
}

interface GuestNotes {
  dietaryRestrictions: string;
  specialRequests: string;
}

/** What the guest tells the host: dietary restrictions and special requests, two lines each. */
export function GuestNotesFields({
  register,
  errors,
  labels = ['Dietary restrictions (optional)', 'Special requests (optional)'],
}: FormPartProps<GuestNotes> & {
  /** The two fields' labels, where a form words them otherwise. */
  labels?: [dietary: string, special: string];
}) {
  return (
    <>
      <FormField label={labels[0]} error={errors.dietaryRestrictions?.message}>
        <Textarea rows={2} {...register('dietaryRestrictions')} />
      </FormField>
      <FormField label={labels[1]} error={errors.specialRequests?.message}>
        <Textarea rows={2} {...register('specialRequests')} />
      </FormField>
    </>
  );
}
