import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { paths } from '@/config/paths';
import { passwordResetRequestSchema, type PasswordResetRequest } from '../schemas';

/**
 * Asks Auth to email a password reset link that lands on the reset page (and then on `next`).
 * Auth answers the same for every address, registered or not. It refuses a second email to
 * one account within a minute (over_email_send_rate_limit): that answer is taken as sent too,
 * since a link went out moments ago and saying otherwise would tell that the account exists.
 */
export async function requestPasswordReset(input: PasswordResetRequest & { next?: string }) {
  const { email } = passwordResetRequestSchema.parse(input);
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.resetPassword.getHref(input.next)}`,
  });
  if (error && error.code !== 'over_email_send_rate_limit') throw error;
  return { email };
}

export function useRequestPasswordReset(options: { onSuccess?: (data: { email: string }) => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (data) => options.onSuccess?.(data),
    onError: options.onError,
  });
}
