import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { ChefSignupInput } from '../schemas';

/**
 * Visitors may insert an inquiry but never read one back, so the insert asks for no
 * representation (no .select()): only the error matters.
 */
export async function createChefSignup(input: ChefSignupInput, sourceDomain: string = window.location.hostname): Promise<void> {
  const { error } = await supabase.from('chef_signups').insert({
    name: input.name,
    email: input.email,
    concept: input.concept,
    next_event_dates: input.nextEventDates,
    source_domain: sourceDomain,
  });
  if (error) throw error;
}

export function useCreateChefSignup(options: Omit<UseMutationOptions<void, Error, ChefSignupInput>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: (input: ChefSignupInput) => createChefSignup(input) });
}
