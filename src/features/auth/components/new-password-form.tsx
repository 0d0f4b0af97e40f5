import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MIN_PASSWORD_LENGTH } from '@/config/product';
import { useUpdatePassword } from '../api/update-password';
import { authMessages } from '../messages';
import { newPasswordSchema, type NewPassword } from '../schemas';
import { SubmitButton } from '@/components/forms/submit-button';

/** The new password, twice, with sign-up's rules; saved for the signed-in (recovering) user. */
export function NewPasswordForm({ onSaved }: { onSaved(): void }) {
  const { register, handleSubmit, formState } = useForm<NewPassword>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const update = useUpdatePassword({
    onSuccess: onSaved,
    onError: (error) => toast.error(authMessages.passwordUpdateFailed, { description: error.message }),
  });
  return (
    <form className="space-y-4" noValidate onSubmit={handleSubmit((values) => update.mutate(values))}>
      <FormField label={authMessages.newPassword} hint={authMessages.passwordHint(MIN_PASSWORD_LENGTH)} error={formState.errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField label={authMessages.confirmPassword} error={formState.errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <SubmitButton className="w-full" pending={update.isPending} pendingLabel={authMessages.savingPassword}>
        {authMessages.savePassword}
      </SubmitButton>
    </form>
  );
}
