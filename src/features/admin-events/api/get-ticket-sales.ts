import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { TicketSales } from '../types';

/** Each ticket type's capacity ("tickets in all") and what is sold or held of it (staff_option_sales). */
async function getTicketSales(eventId: string): Promise<TicketSales[]> {
  const { data, error } = await supabase.rpc('staff_option_sales', { p_event_id: eventId });
  if (error) throw new Error(error.message);
  return data.filter((option) => option.kind === 'ticket_type').map(({ id, capacity, sold, held }) => ({ id, capacity, sold, held }));
}

// Under the organization's admin key: saving an event refreshes its figures too. Dropped when the
// dialog closes, so each opening starts from the server's figures.
export const ticketSalesQueryOptions = (orgId: string, eventId: string) =>
  queryOptions({ queryKey: ['admin', orgId, 'event-ticket-sales', eventId], queryFn: () => getTicketSales(eventId), staleTime: 0, gcTime: 0 });

export function useTicketSales(orgId: string, eventId: string, enabled: boolean) {
  return useQuery({ ...ticketSalesQueryOptions(orgId, eventId), enabled });
}
