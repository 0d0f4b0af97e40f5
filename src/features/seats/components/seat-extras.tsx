import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Wine } from 'lucide-react';
import { formatCents } from '@/lib/money';
import { type ExtraOffer, ExtrasForm } from '@/features/checkout/components/extras-form';
import { invokeCharge } from '@/features/checkout/hooks/use-card-charge';
import { type SeatInvitation, seatKey } from '../api/seats';

/**
 * Extras a guest adds for themselves from their seat (pay-seat 'addons'): one of each per-guest
 * add-on the booking can still take, paid with their own card. Loaded only when there are some.
 */
export default function SeatExtras({ token, seat }: { token: string; seat: SeatInvitation }) {
  const client = useQueryClient();
  // From a seat: one of each per-guest extra, for its guest.
  const offers: ExtraOffer[] = (seat.addon_offers ?? []).map((o) => ({
    id: o.id ?? '',
    name: o.name ?? '',
    description: o.description,
    per: 'guest',
    price_cents: o.price_cents ?? 0,
    taken: o.taken ?? 0,
    most: 1,
  }));
  return (
    <section aria-labelledby="seat-extras-title" className="space-y-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="seat-extras-title" className="flex items-center gap-2 font-serif text-xl font-semibold">
        <Wine className="h-5 w-5" aria-hidden /> Extras for you
      </h2>
      <ExtrasForm
        token={token}
        offers={offers}
        payeeSlug={seat.org_slug}
        payer={{ name: seat.guest_name, email: seat.guest_email }}
        send={async (choice) => (await invokeCharge('pay-seat', { token, action: 'addons', ...choice })) as { chargedCents: number }}
        onDone={(charged) => {
          void client.invalidateQueries({ queryKey: seatKey(token) });
          toast.success('Extras added', {
            description: charged > 0 ? `We charged ${formatCents(charged)} to your card. A receipt is on its way.` : undefined,
          });
        }}
      />
    </section>
  );
}
