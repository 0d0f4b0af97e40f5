import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

export interface SlugCheck {
  slug: string;
  available: boolean;
  /** Why not, in the server's words (format, reserved, taken). */
  message: string | null;
}

/** Whether a web address is free (SQL check_org_slug). */
export async function checkSlug(slug: string): Promise<SlugCheck> {
  const { data, error } = await supabase.rpc('check_org_slug', { p_slug: slug }).single();
  if (error) throw new Error(error.message);
  return { slug: data.slug, available: data.available, message: data.message };
}

const slugCheckQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['org-slug-check', slug], queryFn: () => checkSlug(slug), staleTime: 10_000 });

/** `slug` empty: no request. */
export function useSlugCheck(slug: string) {
  return useQuery({ ...slugCheckQueryOptions(slug), enabled: slug.length > 0 });
}
