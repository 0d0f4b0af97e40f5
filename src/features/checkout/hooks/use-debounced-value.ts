import { useEffect, useRef, useState } from 'react';

/**
 * `value`, once it has stopped changing for `delayMs`.
 *
 * "Changing" is judged by `keyOf(value)` (default: the value itself, compared with
 * Object.is). Pass a key for objects built during render — e.g.
 * `v => JSON.stringify([v.a, v.b])` — so that a new object with the same contents is not a
 * change: otherwise every render restarts the timer and every timer re-renders, forever.
 * While the key does not change, the returned value keeps its identity.
 */
export function useDebouncedValue<T>(value: T, delayMs: number, keyOf: (value: T) => unknown = (v) => v): T {
  const key = keyOf(value);
  const [debounced, setDebounced] = useState<{ value: T; key: unknown }>(() => ({ value, key }));
  // The newest value of the current key: what the timer publishes.
  const latest = useRef(value);
  // eslint-disable-next-line react-hooks/refs -- latest-value ref, read only by the timer; moving the write to an effect would change when it lands
  latest.current = value;

  useEffect(() => {
    if (Object.is(key, debounced.key)) return undefined;
    const timer = setTimeout(() => setDebounced({ value: latest.current, key }), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs, debounced.key]);

  return debounced.value;
}
