import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { authMessages } from '../messages';
import { passwordResetRequestSchema, type PasswordResetRequest as Values } from '../schemas';
import { CheckEmail } from './check-email';
import { SubmitButton } from '@/components/forms/submit-button';

interface Props {
  /** Where the new password leads (a path of this site), carried through the emailed link. */
  next?: string;
}

/**
 * The email form that asks for a reset link, then the same "Check your email" panel for every
 * address: the page never tells whether an account exists. The way back to sign in follows.
 */
export function PasswordResetRequest({ next }: Props) {
  return (
    <>
      <ResetLinkForm next={next} />
      <p className="text-center text-sm">
        <Link to={paths.auth.getHref(next)} className="font-medium underline underline-offset-4 hover:text-muted-foreground">
          {authMessages.backToSignIn}
        </Link>
      </p>
    </>
  );
}

function ResetLinkForm({ next }: Props) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const request = useRequestPasswordReset({
    onSuccess: ({ email }) => setSentTo(email),
    onError: (error) => {
      const limited = (error as { status?: number }).status === 429;
      toast.error(authMessages.resetRequestFailed, { description: limited ? authMessages.tooManyRequests : error.message });
    },
  });

  if (sentTo !== null) {
    return (
      <CheckEmail
        email={sentTo}
        sent={authMessages.resetSentTo(sentTo)}
        notArrived={authMessages.resetNotArrived}
        testId="reset-check-email"
        onBack={() => setSentTo(null)}
      />
    );
  }
  return (
    <form className="space-y-4" noValidate onSubmit={handleSubmit((values) => request.mutate({ ...values, next }))}>
      <FormField label="Email" error={formState.errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </FormField>
      <SubmitButton className="w-full" pending={request.isPending} pendingLabel={authMessages.sendingResetLink}>
        {authMessages.sendResetLink}
      </SubmitButton>
    </form>
  );
}
