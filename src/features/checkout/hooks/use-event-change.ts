import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * An org page's booking form for the chosen event: `clearChoices` runs when the guest picks
 * another event (what was chosen for the old one, such as a slot or a ticket type, no longer
 * applies), not on the first render; the guest's details stay.
 */
export function useEventChange(eventId: string, clearChoices: () => void) {
  const previous = useRef(eventId);
  const clear = useEffectEvent(clearChoices);
  useEffect(() => {
    if (previous.current === eventId) return;
    previous.current = eventId;
    clear();
  }, [eventId]);
}

/**
 * The booking around that form: when another event is chosen (and on mount) the checkout starts
 * over on the form, and `clearChoices` resets the kept draft's choices for the new event.
 */
export function useStartOverForEvent(eventId: string, restart: () => void, clearChoices: () => void) {
  const clear = useEffectEvent(clearChoices);
  useEffect(() => {
    restart();
    clear();
  }, [eventId, restart]);
}
