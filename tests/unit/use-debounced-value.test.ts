// @vitest-environment happy-dom
/**
 * useDebouncedValue, rendered by React (react-dom in happy-dom) with fake timers: it
 * publishes a value once it stopped changing, then settles — no timer left, no more
 * renders, the same object every render — even when the caller builds a new object on
 * every render (the RSVP form's pricing input).
 */
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from '../../src/features/checkout/hooks/use-debounced-value';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Input {
  slotId: string;
  numGuests: number | null;
  promoCode: string;
}

const key = (v: Input) => JSON.stringify([v.slotId, v.numGuests, v.promoCode]);

/** Renders a component that calls the hook with a fresh object every render, and records what it returned. */
function harness(withKey: boolean) {
  const seen: Input[] = [];
  let renders = 0;
  function Probe(props: Input) {
    renders++;
    const value = useDebouncedValue({ slotId: props.slotId, numGuests: props.numGuests, promoCode: props.promoCode }, 400, withKey ? key : undefined);
    seen.push(value);
    return null;
  }
  const container = document.createElement('div');
  let root: Root | undefined;
  return {
    seen,
    renders: () => renders,
    render(props: Input) {
      act(() => {
        root ??= createRoot(container);
        root.render(createElement(Probe, props));
      });
    },
    advance(ms: number) {
      act(() => {
        vi.advanceTimersByTime(ms);
      });
    },
    unmount() {
      act(() => root?.unmount());
    },
  };
}

describe('useDebouncedValue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keyed by contents: a new object with the same contents settles and keeps its identity', () => {
    const h = harness(true);
    h.render({ slotId: 's1', numGuests: 2, promoCode: '' });
    const first = h.seen[0];
    expect(first).toEqual({ slotId: 's1', numGuests: 2, promoCode: '' });

    // Re-rendered with equal contents (a new object each time): nothing is scheduled.
    h.render({ slotId: 's1', numGuests: 2, promoCode: '' });
    h.advance(5_000);
    expect(vi.getTimerCount()).toBe(0);
    expect(h.renders()).toBe(2);
    expect(h.seen.every((v) => v === first)).toBe(true);

    // A change is published after 400 ms of quiet, once.
    h.render({ slotId: 's2', numGuests: 3, promoCode: 'HALF' });
    expect(h.seen.at(-1)).toBe(first);
    h.advance(399);
    expect(h.seen.at(-1)).toBe(first);
    h.advance(1);
    const second = h.seen.at(-1)!;
    expect(second).toEqual({ slotId: 's2', numGuests: 3, promoCode: 'HALF' });

    // Then it settles: no timer pending, no more renders, the same object on any re-render.
    const rendersAfter = h.renders();
    h.advance(10_000);
    expect(vi.getTimerCount()).toBe(0);
    expect(h.renders()).toBe(rendersAfter);
    h.render({ slotId: 's2', numGuests: 3, promoCode: 'HALF' });
    h.advance(10_000);
    expect(h.seen.at(-1)).toBe(second);
    expect(h.renders()).toBe(rendersAfter + 1);
    h.unmount();
  });

  it('restarts the wait while the value keeps changing, and publishes only the last one', () => {
    const h = harness(true);
    h.render({ slotId: '', numGuests: 1, promoCode: '' });
    for (const promoCode of ['H', 'HA', 'HAL', 'HALF']) {
      h.render({ slotId: '', numGuests: 1, promoCode });
      h.advance(300);
      expect(h.seen.at(-1)?.promoCode).toBe('');
    }
    h.advance(100);
    expect(h.seen.at(-1)?.promoCode).toBe('HALF');
    // Back to the published contents before the timer fires: nothing changes.
    h.render({ slotId: '', numGuests: 2, promoCode: 'HALF' });
    h.render({ slotId: '', numGuests: 1, promoCode: 'HALF' });
    const published = h.seen.at(-1);
    h.advance(1_000);
    expect(h.seen.at(-1)).toBe(published);
    expect(vi.getTimerCount()).toBe(0);
    h.unmount();
  });

  it('primitives need no key', () => {
    const seen: string[] = [];
    function Probe({ text }: { text: string }) {
      seen.push(useDebouncedValue(text, 400));
      return null;
    }
    const root = createRoot(document.createElement('div'));
    act(() => root.render(createElement(Probe, { text: 'a' })));
    act(() => root.render(createElement(Probe, { text: 'b' })));
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(seen.at(-1)).toBe('b');
    const count = seen.length;
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(seen.length).toBe(count);
    expect(vi.getTimerCount()).toBe(0);
    act(() => root.unmount());
  });
});
