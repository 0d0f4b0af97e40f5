import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { newPasswordSchema, type NewPassword } from '../schemas';

/** Sets the signed-in user's new password (Auth ends their other sessions). */
export async function updatePassword(input: NewPassword) {
  const { password } = newPasswordSchema.parse(input);
  const { data, error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
  return data;
}

export function useUpdatePassword(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => options.onSuccess?.(),
    onError: options.onError,
  });
}
