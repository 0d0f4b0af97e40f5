import { useParams } from 'react-router-dom';
import { PageSpinner } from '@/components/layout/page-spinner';
import { PageMeta } from '@/components/seo/page-meta';
import { FrameGuard } from '@/components/ui/frame-guard';
import { useSession } from '@/features/auth/api/get-session';
import { AuthRequired } from '@/features/admin-shell/components/auth-required';
import { DoorPage } from '@/features/admin-door/components/door-page';

/** /admin/door/:eventId — the door list of one event (staff of its organization; the server decides). */
export default function AdminDoorRoute() {
  const { eventId = '' } = useParams();
  const state = useSession();
  return (
    <FrameGuard>
      <PageMeta title="Door list · Admin" />
      {state.status === 'loading' ? (
        <PageSpinner label="Loading…" />
      ) : state.session === null ? (
        <AuthRequired />
      ) : (
        <DoorPage key={eventId} eventId={eventId} />
      )}
    </FrameGuard>
  );
}
