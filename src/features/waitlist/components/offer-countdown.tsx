import { useEffect, useState } from 'react';
import { Clock } from 'lucide-react';
import { formatHeldUntil, timeLeftText } from '../lib/offer-time';

/** 'Held for you until Sat, Dec 5, 7:30 PM EST · 11 h 59 min left'; calls onExpired once the time is up. */
export function OfferCountdown({ expiresAt, timeZone, onExpired }: { expiresAt: string; timeZone: string; onExpired(): void }) {
  const [now, setNow] = useState(() => Date.now());
  const left = new Date(expiresAt).getTime() - now;
  const over = left <= 0;

  useEffect(() => {
    if (over) {
      onExpired();
      return;
    }
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [over, onExpired]);

  return (
    <p className="flex items-start gap-2 rounded-lg border border-primary/30 bg-primary/10 p-3 text-sm" data-testid="offer-held-until">
      <Clock className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
      <span>
        Held for you until <span className="font-semibold">{formatHeldUntil(expiresAt, timeZone)}</span>
        {/* The live count is for sighted guests; the deadline above says the same without ticking in a screen reader. */}
        <span aria-hidden> · {timeLeftText(left) ?? 'time is up'}</span>
      </span>
    </p>
  );
}
