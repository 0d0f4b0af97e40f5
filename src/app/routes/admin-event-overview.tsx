import { useParams } from 'react-router-dom';
import { PageSpinner } from '@/components/layout/page-spinner';
import { PageMeta } from '@/components/seo/page-meta';
import { FrameGuard } from '@/components/ui/frame-guard';
import { useSession } from '@/features/auth/api/get-session';
import { AuthRequired } from '@/features/admin-shell/components/auth-required';
import { OverviewPage } from '@/features/admin-overview/components/overview-page';
import { CancelDinnerButton, DinnerCancellation } from '@/features/admin-cancel-event/components/cancel-dinner';

/** /admin/events/:eventId — one event's overview (staff of its organization; the server decides). */
export default function AdminEventOverviewRoute() {
  const { eventId = '' } = useParams();
  const state = useSession();
  return (
    <FrameGuard>
      <PageMeta title="Event overview · Admin" />
      {state.status === 'loading' ? (
        <PageSpinner label="Loading…" />
      ) : state.session === null ? (
        <AuthRequired />
      ) : (
        <OverviewPage
          key={eventId}
          eventId={eventId}
          actions={(title) => <CancelDinnerButton eventId={eventId} eventTitle={title} />}
          notice={<DinnerCancellation eventId={eventId} />}
        />
      )}
    </FrameGuard>
  );
}
