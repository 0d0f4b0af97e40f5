import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it (a task after the next
 * animation frame; after 1 s at the latest, where frames do not run, as in a hidden tab). What
 * waits for it (a lazily loaded part further down the page) does not hold back that first paint
 * or share the network with it.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const done = () => setPainted(true);
    const timers = [window.setTimeout(done, 1000)];
    const frame = requestAnimationFrame(() => timers.push(window.setTimeout(done, 0)));
    return () => {
      cancelAnimationFrame(frame);
      timers.forEach((id) => window.clearTimeout(id));
    };
  }, []);
  return painted;
}
