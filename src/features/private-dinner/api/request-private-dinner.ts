import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types';
import { postPublicRpc, readPublicRpc } from '@/lib/public-rpc';
import type { PrivateDinnerInput } from '../schemas';

type Args = Database['public']['Functions']['request_private_dinner']['Args'];

/** The server refused the request (a field, a host that takes none, too many today); `message` is its words. */
export class PrivateDinnerRefused extends Error {
  override name = 'PrivateDinnerRefused';
}

/**
 * request_private_dinner through the public API (src/lib/public-rpc.ts: no supabase-js on the
 * public pages). `slug` is the organization's page. Answers the request's id. A 4xx answer is a
 * refusal in the product's words (PrivateDinnerRefused); anything else (network, server) is a
 * plain Error.
 */
export async function requestPrivateDinner(slug: string, input: PrivateDinnerInput): Promise<string> {
  const args: Args = {
    p_slug: slug,
    p_name: input.name,
    p_email: input.email,
    p_phone: input.phone, // '' is none (the server stores null)
    p_date: input.date,
    p_guests: input.guests,
    p_message: input.message,
  };
  const answer = await postPublicRpc('request_private_dinner', args);
  const refused = answer.status >= 400 && answer.status < 500;
  const id = readPublicRpc<string>(answer, (message) => (refused ? new PrivateDinnerRefused(message) : new Error(message)));
  if (!id) throw new Error('The request could not be sent.');
  return id;
}

export function useRequestPrivateDinner(slug: string, options: Omit<UseMutationOptions<string, Error, PrivateDinnerInput>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: (input: PrivateDinnerInput) => requestPrivateDinner(slug, input) });
}
