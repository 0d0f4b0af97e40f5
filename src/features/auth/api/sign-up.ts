import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { paths, safeNextPath } from '@/config/paths';
import { signUpSchema, type Credentials } from '../schemas';
import { grantSuperAdminIfConfigured } from './grant-super-admin';

export async function signUp(input: Credentials) {
  const { email, password } = signUpSchema.parse(input);
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    // The confirmation link brings the new staff member back to the sign-in page (and on to its ?next=, e.g. a team invitation).
    options: {
      emailRedirectTo: `${window.location.origin}${paths.auth.getHref(safeNextPath(new URLSearchParams(window.location.search).get('next')) ?? undefined)}`,
    },
  });
  if (error) throw error;
  // A repeated sign-up is answered like a new one that waits for its confirmation (a user
  // with no identities and no session): the page says 'Check your email' for both, so it
  // never tells whether an address has an account.
  const superAdmin = data.session ? await grantSuperAdminIfConfigured(email) : false;
  return { ...data, superAdmin };
}

export function useSignUp(
  options: {
    onSuccess?: (data: Awaited<ReturnType<typeof signUp>>, values: Credentials) => void;
    onError?: (error: Error, values: Credentials) => void;
  } = {},
) {
  return useMutation({
    mutationFn: signUp,
    onSuccess: (data, values) => options.onSuccess?.(data, values),
    onError: (error, values) => options.onError?.(error, values),
  });
}
