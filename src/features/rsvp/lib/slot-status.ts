import { limits } from '@/config/site';
import type { PublicRsvpSlot } from '@/lib/booking';

/**
 * A slot's state for a party: inactive (not active), full (0 spots), insufficient (fewer spots
 * than guests), limited (3 or fewer), available. Only limited and available slots can be chosen.
 * (The server checks the spots again when it quotes and books: this only shapes the picker.)
 */
export type SlotStatus = 'inactive' | 'full' | 'insufficient' | 'limited' | 'available';

type SlotLike = Pick<PublicRsvpSlot, 'is_active' | 'available_spots' | 'max_capacity' | 'current_rsvps'>;

export function spotsLeft(slot: SlotLike): number {
  return Math.max(0, Math.min(slot.available_spots, slot.max_capacity - slot.current_rsvps));
}

export function slotStatus(slot: SlotLike, guests: number): SlotStatus {
  if (!slot.is_active) return 'inactive';
  const spots = spotsLeft(slot);
  if (spots <= 0) return 'full';
  if (spots < Math.max(1, guests)) return 'insufficient';
  if (spots <= limits.limitedSpotsThreshold) return 'limited';
  return 'available';
}

export function isSelectable(status: SlotStatus): boolean {
  return status === 'limited' || status === 'available';
}

export function slotBadge(status: SlotStatus, spots: number): { text: string; variant: 'destructive' | 'warning' | 'success' | 'secondary' } {
  switch (status) {
    case 'inactive':
      return { text: 'Unavailable', variant: 'secondary' };
    case 'full':
      return { text: 'Full', variant: 'destructive' };
    case 'insufficient':
      return { text: 'Not enough spots', variant: 'destructive' };
    case 'limited':
      return { text: `${spots} left`, variant: 'warning' };
    case 'available':
      return { text: `${spots} available`, variant: 'success' };
  }
}

/** '7/20 spots filled'. */
export function slotFilledText(slot: Pick<SlotLike, 'current_rsvps' | 'max_capacity'>): string {
  return `${slot.current_rsvps}/${slot.max_capacity} spots filled`;
}
