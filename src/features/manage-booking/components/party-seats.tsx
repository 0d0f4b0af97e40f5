import { Link } from 'react-router-dom';
import { Armchair, Copy, Share2 } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { formatInstant } from '@/lib/dates';
import { formatCents } from '@/lib/money';
import { type BookingSeat, useBookingSeats } from '../api/get-booking-seats';
import { inviteText } from '../lib/invite';

const linkOf = (token: string) => `${window.location.origin}${paths.seat.getHref(token)}`;

async function copyLink(url: string, what: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(`${what} copied`);
  } catch {
    toast.error('Copying is not allowed here: select the link and copy it yourself.');
  }
}

/** Each guest paying their own seat (manage_booking_view.split): what a seat costs and until when unpaid seats are held. */
interface Split {
  seat_cents: number;
  pay_by: string;
  released: boolean;
}

/**
 * The booker's party on the manage page: who has claimed which seat, a link to share for each
 * seat nobody has claimed, and one party link. The links carry nobody's name: only a key. Where
 * each guest pays their own seat, which seats are paid and until when the others are held.
 */
export function PartySeats({
  manageToken,
  event,
  split = null,
}: {
  manageToken: string;
  event: { title: string; date: string; timezone: string };
  split?: Split | null;
}) {
  const query = useBookingSeats(manageToken);
  const seats = query.data ?? [];
  if (seats.length === 0) return null;
  const mine = seats.find((s) => s.is_booker);
  const others = seats.filter((s) => !s.is_booker);
  const claimedCount = others.filter((s) => s.claimed).length;
  const partyLink = linkOf(seats[0].party_token);

  return (
    <section className="space-y-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="seats-title" data-testid="party-seats">
      <div>
        <h2 id="seats-title" className="font-serif text-xl font-semibold">
          Your party's seats
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Send each guest a seat's link, or the party link to everyone: each adds their name and allergies, so the kitchen knows who is who.
        </p>
        {split ? (
          <p className="mt-2 text-sm" data-testid="split-note">
            {split.released
              ? 'The time to pay for the seats has passed: the seats nobody paid for were released.'
              : `Each guest pays their own seat (${formatCents(split.seat_cents)}) from their link. Seats not paid for by ${formatInstant(split.pay_by, event.timezone)} are released.`}
          </p>
        ) : null}
      </div>
      {others.length > 0 ? (
        <div className="space-y-2">
          <label htmlFor="party-link" className="text-sm font-medium">
            Party link{' '}
            <span className="font-normal text-muted-foreground">
              ({claimedCount} of {others.length} claimed)
            </span>
          </label>
          <div className="flex gap-2">
            <Input id="party-link" readOnly value={partyLink} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
            <Button type="button" variant="outline" onClick={() => void copyLink(partyLink, 'Party link')}>
              <Copy className="h-4 w-4" aria-hidden /> Copy
            </Button>
            {typeof navigator.share === 'function' ? (
              <Button
                type="button"
                variant="outline"
                onClick={() => void navigator.share({ title: event.title, text: inviteText(event), url: partyLink }).catch(() => undefined)}
              >
                <Share2 className="h-4 w-4" aria-hidden /> Share
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      <ul className="divide-y rounded-lg border">
        {mine ? <SeatLine seat={mine} /> : null}
        {others.map((seat) => (
          <SeatLine key={seat.seat_no} seat={seat} />
        ))}
      </ul>
    </section>
  );
}

function SeatLine({ seat }: { seat: BookingSeat }) {
  const needs = seat.is_booker && (seat.allergens.length > 0 || seat.dietary_notes);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3 text-sm" data-testid={`seat-${seat.seat_no}`}>
      <Armchair className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 flex-1 basis-40">
        <span className="font-medium">{seat.is_booker ? `You (${seat.guest_name})` : seat.guest_name}</span>
        <span className="block text-xs text-muted-foreground">Seat {seat.seat_no}</span>
      </span>
      {seat.is_booker ? (
        <Link to={paths.seat.getHref(seat.seat_token)} className="font-medium underline underline-offset-4">
          {needs ? 'Change your dietary needs' : 'Add your dietary needs'}
        </Link>
      ) : seat.claimed ? (
        <>
          <Badge variant="success">Claimed</Badge>
          {seat.payment ? <PaymentBadge payment={seat.payment} /> : null}
        </>
      ) : (
        <>
          <Badge variant="secondary">Not claimed yet</Badge>
          {seat.payment ? <PaymentBadge payment={seat.payment} /> : null}
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-label={`Copy link of seat ${seat.seat_no}`}
            onClick={() => void copyLink(linkOf(seat.seat_token), `Seat ${seat.seat_no}'s link`)}
          >
            <Copy className="h-4 w-4" aria-hidden /> Copy link
          </Button>
        </>
      )}
    </li>
  );
}

function PaymentBadge({ payment }: { payment: string }) {
  return payment === 'paid' ? <Badge variant="success">Paid</Badge> : <Badge variant="warning">Not paid yet</Badge>;
}
