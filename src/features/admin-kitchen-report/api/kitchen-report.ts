import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { RpcRow } from '@/lib/rpc-rows';

export type KitchenLine = RpcRow<'staff_kitchen_report'>;
export type KitchenEvent = RpcRow<'staff_kitchen_report_event'>;

const key = (eventId: string) => ['admin', 'kitchen-report', eventId] as const;

/** The report's lines (SQL staff_kitchen_report) and its header (staff_kitchen_report_event), in parallel. */
async function getKitchenReport(eventId: string): Promise<{ event: KitchenEvent; lines: KitchenLine[] }> {
  const [event, lines] = await Promise.all([
    supabase.rpc('staff_kitchen_report_event', { p_event_id: eventId }),
    supabase.rpc('staff_kitchen_report', { p_event_id: eventId }),
  ]);
  if (event.error) throw new Error(event.error.message);
  if (lines.error) throw new Error(lines.error.message);
  const [header] = event.data;
  if (!header) throw new Error('Event not found');
  return { event: header, lines: lines.data };
}

export function useKitchenReport(eventId: string) {
  return useQuery({ queryKey: key(eventId), queryFn: () => getKitchenReport(eventId), refetchOnWindowFocus: true });
}

/** When the report is emailed on the dinner's day (HH:MM, the event's timezone). */
export function useSetKitchenReportTime(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (sendAt: string) => {
      const { error } = await supabase.rpc('staff_set_kitchen_report_time', { p_event_id: eventId, p_send_at: sendAt });
      if (error) throw new Error(error.message);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: key(eventId) }),
  });
}
