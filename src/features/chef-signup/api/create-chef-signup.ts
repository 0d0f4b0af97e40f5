import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { chefSignupLimits, type ChefSignupInput } from '../schemas';

/** The database refused the inquiry; `message` says why in the form's words, when it is known. */
export class ChefSignupRefused extends Error {
  override name = 'ChefSignupRefused';
}

/** The column a check violation names ('... violates check constraint "chef_signups_concept_check"'). */
function refusedColumn(message: string): string | null {
  return /chef_signups_([a-z_]+)_check/.exec(message)?.[1] ?? null;
}

/**
 * Visitors may insert an inquiry but never read one back, so the insert asks for no
 * representation (no .select()): only the error matters. A value over a column's limit is
 * refused by its check (23514) and thrown as ChefSignupRefused with that limit's words.
 */
export async function createChefSignup(input: ChefSignupInput, sourceDomain: string = window.location.hostname): Promise<void> {
  const { error } = await supabase.from('chef_signups').insert({
    name: input.name,
    email: input.email,
    concept: input.concept,
    next_event_dates: input.nextEventDates,
    source_domain: sourceDomain,
  });
  if (!error) return;
  const column = error.code === '23514' ? refusedColumn(error.message) : null;
  const limit = column ? chefSignupLimits[column] : undefined;
  if (limit) throw new ChefSignupRefused(limit);
  throw error;
}

export function useCreateChefSignup(options: Omit<UseMutationOptions<void, Error, ChefSignupInput>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: (input: ChefSignupInput) => createChefSignup(input) });
}
