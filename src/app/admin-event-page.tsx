import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '@/components/layout/page-spinner';
import { PageMeta } from '@/components/seo/page-meta';
import { FrameGuard } from '@/components/ui/frame-guard';
import { useSession } from '@/features/auth/api/get-session';
import { AuthRequired } from '@/features/admin-shell/components/auth-required';

/**
 * An event's own admin page (/admin/…/:eventId): never in a frame, for a signed-in account
 * (staff of the event's organization; the server decides what it may see).
 */
export function AdminEventPage({ title, children }: { title: string; children: (eventId: string) => ReactNode }) {
  const { eventId = '' } = useParams();
  const state = useSession();
  return (
    <FrameGuard>
      <PageMeta title={title} />
      {state.status === 'loading' ? <PageSpinner label="Loading…" /> : state.session === null ? <AuthRequired /> : children(eventId)}
    </FrameGuard>
  );
}
