import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { ChargeTerms } from './charge-values';

const COLUMNS = 'tax_rate_bps, service_charge_type, service_charge_bps, service_charge_cents, service_charge_taxable, price_display';

// Terms belong to an organization (its defaults) or to an event (its own).
const owners = {
  org: { table: 'org_charge_settings', column: 'org_id', key: (orgId: string) => ['admin', orgId, 'charges'] as const },
  event: { table: 'event_charge_settings', column: 'event_id', key: (eventId: string) => ['admin', 'event-charges', eventId] as const },
} as const;

function useChargeTerms(owner: keyof typeof owners, id: string) {
  const { table, column, key } = owners[owner];
  return useQuery({
    queryKey: key(id),
    queryFn: async (): Promise<ChargeTerms | null> => {
      const { data, error } = await supabase
        .from(table)
        .select(COLUMNS)
        .match({ [column]: id })
        .maybeSingle();
      if (error) throw error;
      return data;
    },
  });
}

/** Whether the caller may change the organization's money settings (SQL can_manage_payments: owners). */
export function useCanManagePayments(orgId: string) {
  return useQuery({
    queryKey: ['admin', orgId, 'can-manage-payments'] as const,
    queryFn: async (): Promise<boolean> => {
      const { data, error } = await supabase.rpc('can_manage_payments', { p_org_id: orgId });
      if (error) throw error;
      return data === true;
    },
  });
}

/** The organization's defaults, or null when it has none (no tax, no service charge). */
export const useOrgCharges = (orgId: string) => useChargeTerms('org', orgId);

export function useSaveOrgCharges(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (terms: ChargeTerms) => {
      const { error } = await supabase.from('org_charge_settings').upsert({ org_id: orgId, ...terms }, { onConflict: 'org_id' });
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: owners.org.key(orgId) }),
  });
}

/** The event's own terms, or null when it follows its organization's defaults. */
export const useEventCharges = (eventId: string) => useChargeTerms('event', eventId);

/** Saves the event's own terms, or (null) removes them so the organization's defaults apply. */
export function useSaveEventCharges(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (terms: ChargeTerms | null) => {
      const { error } = terms
        ? await supabase.from('event_charge_settings').upsert({ event_id: eventId, ...terms }, { onConflict: 'event_id' })
        : await supabase.from('event_charge_settings').delete().eq('event_id', eventId);
      if (error) throw error;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: owners.event.key(eventId) }),
  });
}
