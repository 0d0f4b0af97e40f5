import { useEffect } from 'react';
import { matchPath, useNavigate, useSearchParams } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { FrameGuard } from '@/components/ui/frame-guard';
import { paths, safeNextPath } from '@/config/paths';
import { useSession } from '@/features/auth/api/get-session';
import { AuthPanel } from '@/features/auth/components/auth-panel';
import { useInvitation } from '@/features/admin-team/api/get-invitation';

/**
 * The invited address when the visitor came from a team invitation (?next=/admin/join/{token}):
 * read from the invitation itself, so no address travels in the URL.
 */
function useInvitedEmail(next: string): string | undefined {
  const token = matchPath(paths.adminJoin.path, next)?.params.token ?? '';
  const invitation = useInvitation(token, token !== '');
  return invitation.data?.status === 'pending' ? invitation.data.email : undefined;
}

export default function AuthRoute() {
  const state = useSession();
  const navigate = useNavigate();
  const signedIn = state.status === 'ready' && state.session !== null;
  // ?next= (a path of this site, e.g. a team invitation's /admin/join/…) replaces /admin; ?tab=signup opens Sign up.
  const [params] = useSearchParams();
  const asked = safeNextPath(params.get('next'));
  const next = asked ?? paths.admin.getHref();
  const invitedEmail = useInvitedEmail(next);

  useEffect(() => {
    if (signedIn) void navigate(next, { replace: true });
  }, [signedIn, navigate, next]);

  return (
    <FrameGuard>
      <PageMeta fullTitle="Sign in | Admin" />
      <main className="container flex min-h-screen flex-col items-center justify-center gap-6 py-12">
        <h1 className="font-serif text-3xl font-semibold">Sign in</h1>
        <AuthPanel
          initialTab={params.get('tab') === 'signup' ? 'signup' : 'login'}
          defaultEmail={invitedEmail}
          forgotPasswordHref={paths.forgotPassword.getHref(asked ?? undefined)}
        />
      </main>
    </FrameGuard>
  );
}
