import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { credentialsSchema, type Credentials } from '../schemas';
import { grantSuperAdminIfConfigured } from './grant-super-admin';

export async function signIn(input: Credentials) {
  const { email, password } = credentialsSchema.parse(input);
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  const superAdmin = await grantSuperAdminIfConfigured(email);
  return { ...data, superAdmin };
}

export function useSignIn(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => options.onSuccess?.(),
    onError: options.onError,
  });
}
