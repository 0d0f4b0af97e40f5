import { toast } from 'sonner';
import { ClosingDialog } from '@/components/ui/closing-dialog';
import { formatInstant } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { ExtrasForm } from '@/features/checkout/components/extras-form';
import { useAddExtras } from '../api/change-booking';
import type { ManagedBooking } from '../types';

/** "Add extras" on the manage page: the event's add-ons the booking can still take, paid by card. Loaded when opened. */
export default function ExtrasDialog({ token, booking, onClose }: { token: string; booking: ManagedBooking; onClose(): void }) {
  const send = useAddExtras(token);
  return (
    <ClosingDialog
      title="Add extras"
      description={`For your party, until ${booking.addons_until ? formatInstant(booking.addons_until, booking.event.timezone) : 'the dinner'}.`}
      onClose={onClose}
      className="max-h-[90dvh] overflow-y-auto"
    >
      <ExtrasForm
        token={token}
        offers={booking.addon_offers}
        payeeSlug={booking.organization.slug}
        payer={{ name: booking.name }}
        send={send}
        onDone={(charged) => {
          onClose();
          toast.success('Extras added', {
            description: charged > 0 ? `We charged ${formatCents(charged)} to your card. A receipt is on its way.` : undefined,
          });
        }}
      />
    </ClosingDialog>
  );
}
