import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { credentialsSchema, signUpSchema, type Credentials } from '../schemas';
import { SubmitButton } from '@/components/forms/submit-button';

/** What differs between the Login and Sign up tabs: the rules for the password and the words. */
const modes = {
  signIn: { schema: credentialsSchema, submitLabel: 'Sign in', pendingLabel: 'Signing in…', passwordAutoComplete: 'current-password' },
  signUp: { schema: signUpSchema, submitLabel: 'Create account', pendingLabel: 'Creating account…', passwordAutoComplete: 'new-password' },
} as const;

interface Props {
  mode: keyof typeof modes;
  pending: boolean;
  /** An address to start with (a team invitation's); the field stays editable. */
  defaultEmail?: string;
  /** Shown under the password field (the Login tab's "Forgot password?" link). */
  passwordAction?: ReactNode;
  onSubmit(values: Credentials): void;
}

/** Email + password, shared by the Login and Sign up tabs. */
export function CredentialsForm({ mode, pending, defaultEmail, passwordAction, onSubmit }: Props) {
  const { schema, submitLabel, pendingLabel, passwordAutoComplete } = modes[mode];
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
