import { useEffect, useRef, type ReactNode } from 'react';
import { heightMessage } from '../lib/height-message';

/**
 * The embed's whole page: no site chrome, and its height posted to the parent window on every
 * size change so the host page's iframe grows with the form (see docs/EMBED.md). Posting with
 * target '*' is safe: the message carries nothing but a height.
 */
export function EmbedFrame({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || window.parent === window) return;
    let last = -1;
    const post = () => {
      const height = element.getBoundingClientRect().height;
      if (Math.ceil(height) === last) return;
      last = Math.ceil(height);
      window.parent.postMessage(heightMessage(height), '*');
    };
    const observer = new ResizeObserver(post);
    observer.observe(element);
    post();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="bg-background px-3 py-4 sm:px-4">
      {children}
    </div>
  );
}
