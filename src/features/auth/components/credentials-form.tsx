import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { Credentials } from '../schemas';
import { SubmitButton } from '@/components/forms/submit-button';

interface Props {
  schema: z.ZodType<Credentials, Credentials>;
  submitLabel: string;
  pendingLabel: string;
  passwordAutoComplete: 'current-password' | 'new-password';
  pending: boolean;
  /** An address to start with (a team invitation's); the field stays editable. */
  defaultEmail?: string;
  /** Shown under the password field (the Login tab's "Forgot password?" link). */
  passwordAction?: ReactNode;
  onSubmit(values: Credentials): void;
}

/** Email + password, shared by the Login and Sign up tabs. */
export function CredentialsForm({ schema, submitLabel, pendingLabel, passwordAutoComplete, pending, defaultEmail, passwordAction, onSubmit }: Props) {
  const { register, handleSubmit, formState, getValues, setValue } = useForm<Credentials>({
    resolver: zodResolver(schema),
    defaultValues: { email: defaultEmail ?? '', password: '' },
  });
  // The address may arrive after the first render (it is read from the invitation): fill it in
  // unless the visitor has typed one already.
  useEffect(() => {
    if (defaultEmail && !getValues('email')) setValue('email', defaultEmail);
  }, [defaultEmail, getValues, setValue]);
  return (
    <form className="space-y-4" noValidate onSubmit={handleSubmit(onSubmit)}>
      <FormField label="Email" error={formState.errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </FormField>
      <FormField label="Password" error={formState.errors.password?.message}>
        <Input type="password" autoComplete={passwordAutoComplete} {...register('password')} />
      </FormField>
      {passwordAction ? <div className="-mt-2 flex justify-end text-sm">{passwordAction}</div> : null}
      <SubmitButton className="w-full" pending={pending} pendingLabel={pendingLabel}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
