import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { trackSignIn } from '@/lib/sign-in-settled';
import { credentialsSchema, type Credentials } from '../schemas';
import { grantSuperAdminIfConfigured, refreshAdminDataAfterGrant } from './grant-super-admin';

export async function signIn(input: Credentials) {
  const { email, password } = credentialsSchema.parse(input);
  return trackSignIn(async () => {
    const { data, error } = await supabase.auth.signInWithPassword({ email, password });
    if (error) throw error;
    const superAdmin = await grantSuperAdminIfConfigured(email);
    return { ...data, superAdmin };
  });
}

export function useSignIn(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    // The refresh is part of the mutation itself: the page has usually left /auth (and this
    // component) by the time the grant answers.
    mutationFn: async (input: Credentials) => {
      const result = await signIn(input);
      void refreshAdminDataAfterGrant(queryClient, result.superAdmin);
      return result;
    },
    onSuccess: () => options.onSuccess?.(),
    onError: options.onError,
  });
}
