import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatCents } from '@/lib/money';
import { validatePromoCode } from '../api/process-ticket-payment';
import type { PromoState, TicketReservationData } from '../types';

/**
 * The code's life cycle: not applied → applied (the total becomes the server's quote with the
 * code, its finalAmountCents) → back to not applied as soon as the text is edited. A failed apply
 * shows 'Invalid code' and the total reverts.
 */
export function usePromoCode(paymentFunction: string, reservationData: TicketReservationData) {
  const [code, setCode] = useState('');
  const [state, setState] = useState<PromoState>({ status: 'idle' });
  const request = useRef(0); // answers to an older code are ignored

  function change(next: string) {
    request.current += 1;
    setCode(next.toUpperCase());
    setState({ status: 'idle' });
  }

  async function apply() {
    const promoCode = code.trim().toUpperCase();
    if (!promoCode) {
      setState({ status: 'idle', message: 'Enter a code to apply' });
      return;
    }
    const mine = ++request.current;
    setState({ status: 'applying' });
    const fail = (message: string | null) => {
      setState({ status: 'error', message: message ?? 'Could not apply code' });
      toast.error('Invalid code', { description: 'Please check your code and try again.' });
    };
    try {
      const result = await validatePromoCode({ paymentFunction, reservationData, promoCode });
      if (mine !== request.current) return;
      if (result.ok) {
        setState({ status: 'applied', finalAmountCents: result.finalAmountCents, lines: result.lines });
        toast.success('Promo applied', { description: `Your new total is ${formatCents(result.finalAmountCents)}.` });
      } else {
        fail(result.message);
      }
    } catch {
      if (mine === request.current) fail(null);
    }
  }

  const applied =
    state.status === 'applied' ? { code: code.trim().toUpperCase(), finalAmountCents: state.finalAmountCents, lines: state.lines } : null;
  return { code, state, applied, change, apply } as const;
}
