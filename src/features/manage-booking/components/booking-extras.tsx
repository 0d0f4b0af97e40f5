import { lazy, Suspense, useState } from 'react';
import { Wine } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatInstant } from '@/lib/dates';
import type { ManagedBooking } from '../types';

const ExtrasDialog = lazy(() => import('./extras-dialog'));

/** The booking's extras (add-ons), and "Add extras" while the event offers more and the kitchen has not been told. */
export function BookingExtras({ token, booking }: { token: string; booking: ManagedBooking }) {
  const [open, setOpen] = useState(false);
  if (booking.addons.length === 0 && booking.addon_offers.length === 0) return null;
  return (
    <section className="space-y-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="extras-title" data-testid="booking-extras">
      <h2 id="extras-title" className="font-serif text-xl font-semibold">
        Extras
      </h2>
      {booking.addons.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {booking.addons.map((a) => (
            <li key={a.id}>
              {a.quantity} × {a.name}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No extras yet.</p>
      )}
      {booking.addon_offers.length > 0 && !booking.payment_in_progress ? (
        <>
          <Button variant="outline" className="gap-2" onClick={() => setOpen(true)}>
            <Wine className="h-4 w-4" aria-hidden /> Add extras
          </Button>
          {booking.addons_until ? (
            <p className="text-xs text-muted-foreground">
              Until {formatInstant(booking.addons_until, booking.event.timezone)}, when the kitchen is told.
            </p>
          ) : null}
        </>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <ExtrasDialog token={token} booking={booking} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
