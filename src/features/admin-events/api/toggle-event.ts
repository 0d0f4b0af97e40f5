import { useMutation, useQueryClient } from '@tanstack/react-query';
import { expectRows } from '@/lib/expect-rows';
import { supabase } from '@/lib/supabase';
import type { AdminEvent } from '../types';
import { eventsQueryKey } from './get-events';

export async function setEventActive({ id, isActive }: { id: string; isActive: boolean }) {
  const { data, error } = await supabase.from('events').update({ is_active: isActive }).eq('id', id).select('id');
  if (error) throw error;
  expectRows(data, 'Event not found');
  return isActive;
}

/** Flips is_active optimistically; the switch snaps back if the server refuses. */
export function useSetEventActive(orgId: string, options: { onSuccess?: (isActive: boolean) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  const key = eventsQueryKey(orgId);
  return useMutation({
    mutationFn: setEventActive,
    onMutate: async ({ id, isActive }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AdminEvent[]>(key);
      queryClient.setQueryData<AdminEvent[]>(key, (old) => old?.map((e) => (e.id === id ? { ...e, is_active: isActive } : e)));
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      options.onError?.(error);
    },
    onSuccess: (isActive) => options.onSuccess?.(isActive),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
