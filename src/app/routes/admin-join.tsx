import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/layout/page-spinner';
import { PageMeta } from '@/components/seo/page-meta';
import { FrameGuard } from '@/components/ui/frame-guard';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/api/get-session';
import { useSignOut } from '@/features/auth/api/sign-out';
import { authMessages } from '@/features/auth/messages';
import { JoinInvitation } from '@/features/admin-team/components/join-invitation';

/** /admin/join/:token — the link of a team invitation email (its own lazy chunk). */
export default function AdminJoinRoute() {
  const { token = '' } = useParams();
  const state = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut({
    onSuccess: () => toast.success(authMessages.signedOut),
    onError: () => toast.error('Error', { description: authMessages.signOutFailed }),
  });
  const signedInAs = state.status === 'ready' && state.session !== null ? (state.session.user.email ?? '') : null;

  return (
    <FrameGuard>
      <PageMeta title="Join a team · Admin" />
      {state.status === 'loading' ? (
        <PageSpinner label="Opening your invitation…" />
      ) : (
        // A new account (sign-out, another sign-in) starts the page afresh.
        <JoinInvitation
          key={signedInAs ?? 'signed-out'}
          token={token}
          signedInAs={signedInAs}
          onSignOut={() => signOut.mutate()}
          signingOut={signOut.isPending}
          onJoined={(joined) => void navigate(`${paths.admin.getHref()}?org=${encodeURIComponent(joined.orgId)}`, { replace: true })}
        />
      )}
    </FrameGuard>
  );
}
