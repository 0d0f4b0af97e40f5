import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import type { Database } from '@/lib/database.types';
import { OrgPageLoadError, parseOrgPage } from '../lib/parse-org-page';
import type { PublicOrgPage } from '../types';

type Args = Database['public']['Functions']['get_public_org_page']['Args'];

interface RpcAnswer {
  ok: boolean;
  status: number;
  text: string;
}

declare global {
  interface Window {
    /** The request index.html starts for /{orgSlug} while the app loads (taken over once, below). */
    __orgPagePrefetch?: { slug: string; answer: Promise<RpcAnswer> };
  }
}

/**
 * Exactly the request `supabase.rpc('get_public_org_page', { p_slug })` makes (PostgREST
 * `POST /rest/v1/rpc/…` with the anon key), written with fetch on purpose: the public page's
 * first render must not wait for supabase-js (~52 KB gzip; budget 110 KB gzip for the page).
 * supabase-js is loaded later, only when the guest books (edge function calls). On the page's
 * first load the same request has already been started by index.html: its answer is used
 * (once) instead of asking again.
 */
async function callRpc(args: Args): Promise<unknown> {
  const prefetched = window.__orgPagePrefetch;
  let answer: RpcAnswer;
  if (prefetched && prefetched.slug === args.p_slug) {
    window.__orgPagePrefetch = undefined;
    answer = await prefetched.answer;
  } else {
    const response = await fetch(`${env.SUPABASE_URL}/rest/v1/rpc/get_public_org_page`, {
      method: 'POST',
      headers: {
        apikey: env.SUPABASE_ANON_KEY,
        Authorization: `Bearer ${env.SUPABASE_ANON_KEY}`,
        'Content-Type': 'application/json',
        'Content-Profile': 'public',
        Accept: 'application/json',
      },
      body: JSON.stringify(args),
    });
    answer = { ok: response.ok, status: response.status, text: await response.text() };
  }
  const { text } = answer;
  if (!answer.ok) {
    let message = `HTTP ${answer.status}`;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // not JSON: keep the status
    }
    throw new OrgPageLoadError(message);
  }
  return text.trim() ? JSON.parse(text) : null;
}

/**
 * One round trip: organization, branding and upcoming events with ticket types, slots and
 * availability. Resolves null for an unknown slug.
 */
export async function getPublicOrgPage(slug: string, now: Date = new Date()): Promise<PublicOrgPage | null> {
  const data = await callRpc({ p_slug: slug });
  if (data === null || data === undefined) return null;
  return parseOrgPage(data, now);
}

export const orgPageQueryKey = (slug: string) => ['org-page', slug.toLowerCase()] as const;

export function orgPageQueryOptions(slug: string) {
  return queryOptions({
    queryKey: orgPageQueryKey(slug),
    queryFn: () => getPublicOrgPage(slug),
  });
}

export function useOrgPage(slug: string) {
  return useQuery(orgPageQueryOptions(slug));
}
