import { useMutationState } from '@tanstack/react-query';
import { checkInKey, isCheckInInput, type CheckInInput } from '../api/check-in';
import { doorTotals, withCheckIn } from '../lib/door-list';
import type { DoorList, DoorParty, DoorTotals } from '../types';

interface PendingCheckIn {
  input: CheckInInput | null;
  retrying: boolean;
}

/**
 * The list as staff should see it: the server's list with every check-in still on its way
 * applied on top (so a refetch that lands meanwhile never flickers back), its totals, and
 * whether a check-in is waiting for the connection.
 */
export function useDoorView(eventId: string, list: DoorList | undefined): { parties: DoorParty[]; totals: DoorTotals | null; reconnecting: boolean } {
  const pending = useMutationState<PendingCheckIn>({
    filters: { mutationKey: checkInKey(eventId), status: 'pending' },
    select: (m) => ({
      input: isCheckInInput(m.state.variables) ? m.state.variables : null,
      retrying: m.state.failureCount > 0 || m.state.isPaused,
    }),
  });
  const reconnecting = pending.some((p) => p.retrying);
  if (!list) return { parties: [], totals: null, reconnecting };
  // The latest pending tap per party wins (the mutation cache keeps them in order).
  const latest = new Map<string, number>();
  for (const p of pending) if (p.input) latest.set(p.input.reservationId, p.input.checkedInGuests);
  if (latest.size === 0) return { parties: list.parties, totals: list.totals, reconnecting };
  const parties = list.parties.map((p) => {
    const count = latest.get(p.id);
    return count === undefined ? p : withCheckIn(p, count);
  });
  return { parties, totals: doorTotals(parties), reconnecting };
}
