import { useMutation, useQueryClient } from '@tanstack/react-query';
import { expectRows } from '@/lib/expect-rows';
import { supabase } from '@/lib/supabase';
import type { DoorList } from '../types';
import { doorListKey } from './get-door-list';

export interface StaffNotesInput {
  reservationId: string;
  notes: string;
}

/** Staff notes are an ordinary reservation field: members update them directly (row-level security decides). */
async function saveStaffNotes({ reservationId, notes }: StaffNotesInput): Promise<string | null> {
  const value = notes.trim() || null;
  const { data, error } = await supabase.from('reservations').update({ staff_notes: value }).eq('id', reservationId).select('id');
  if (error) throw new Error(error.message);
  expectRows(data, 'Reservation not found');
  return value;
}

export function useSaveStaffNotes(eventId: string, options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  const queryKey = doorListKey(eventId);
  return useMutation({
    mutationFn: saveStaffNotes,
    onSuccess: (value, { reservationId }) => {
      queryClient.setQueryData<DoorList>(queryKey, (list) =>
        list ? { ...list, parties: list.parties.map((p) => (p.id === reservationId ? { ...p, staffNotes: value } : p)) } : list,
      );
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
