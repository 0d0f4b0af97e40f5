import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { paths } from '@/config/paths';
import { signUpSchema, type Credentials } from '../schemas';
import { grantSuperAdminIfConfigured } from './grant-super-admin';

export class AlreadyRegisteredError extends Error {
  constructor() {
    super('User already registered');
  }
}

export async function signUp(input: Credentials) {
  const { email, password } = signUpSchema.parse(input);
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    // The confirmation link brings the new staff member back to the sign-in page.
    options: { emailRedirectTo: `${window.location.origin}${paths.auth.getHref()}` },
  });
  if (error) throw error;
  // With email confirmation on, GoTrue answers a repeated sign-up with a user that has no
  // identities instead of an error (so as not to leak which emails exist).
  if (data.user && Array.isArray(data.user.identities) && data.user.identities.length === 0) {
    throw new AlreadyRegisteredError();
  }
  const superAdmin = data.session ? await grantSuperAdminIfConfigured(email) : false;
  return { ...data, superAdmin };
}

export function useSignUp(options: { onSuccess?: (data: Awaited<ReturnType<typeof signUp>>) => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: signUp,
    onSuccess: (data) => options.onSuccess?.(data),
    onError: options.onError,
  });
}
