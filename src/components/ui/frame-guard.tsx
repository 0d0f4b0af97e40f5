import type { ReactNode } from 'react';

/**
 * Staff pages must never render inside someone else's frame (clickjacking). In production
 * the host also sends `X-Frame-Options: DENY` and `Content-Security-Policy:
 * frame-ancestors 'none'` for every path except /{orgSlug}/embed; this guard covers hosts
 * that cannot set headers (static CDNs) and the local stack.
 */
export function FrameGuard({ children }: { children: ReactNode }) {
  let framed: boolean;
  try {
    framed = window.top !== window.self;
  } catch {
    framed = true; // a cross-origin parent makes window.top inaccessible
  }
  if (framed) {
    return (
      <main className="container py-16">
        <h1 className="font-serif text-2xl font-semibold">This page cannot be shown in a frame</h1>
        <p className="mt-2 text-muted-foreground">Open it directly in your browser.</p>
      </main>
    );
  }
  return <>{children}</>;
}
