import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export async function signOut() {
  const { error } = await supabase.auth.signOut();
  if (error) throw error;
}

/** Signs out and forgets every cached query of the previous staff member. */
export function useSignOut(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
