import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

interface GuestContact {
  name: string;
  email: string;
  phone: string;
}

interface Props {
  register: UseFormRegister<GuestContact>;
  errors: FieldErrors<GuestContact>;
  /** The venue's word for the name field ("Name", "Full name"). */
  nameLabel: string;
}

/** The guest's name (a full row), email and optional phone, in a two-column booking form grid. */
export function GuestContactFields({ register, errors, nameLabel }: Props) {
  return (
    <>
      <FormField label={nameLabel} error={errors.name?.message} className="sm:col-span-2">
        <Input autoComplete="name" {...register('name')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </FormField>
      <FormField label="Phone (optional)" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...register('phone')} />
      </FormField>
    </>
  );
}
