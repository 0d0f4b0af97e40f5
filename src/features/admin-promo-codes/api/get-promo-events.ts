import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** The organization's events a code can be limited to (newest first). */
export async function getPromoEvents(orgId: string): Promise<{ id: string; title: string; date: string }[]> {
  const { data, error } = await supabase.from('events').select('id, title, date').eq('org_id', orgId).order('date', { ascending: false }).limit(200);
  if (error) throw error;
  return data ?? [];
}

export function usePromoEvents(orgId: string) {
  return useQuery({ queryKey: ['admin', orgId, 'promo-codes', 'events'], queryFn: () => getPromoEvents(orgId) });
}
