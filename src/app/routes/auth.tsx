import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { FrameGuard } from '@/components/ui/frame-guard';
import { paths, safeNextPath } from '@/config/paths';
import { useSession } from '@/features/auth/api/get-session';
import { AuthPanel } from '@/features/auth/components/auth-panel';

export default function AuthRoute() {
  const state = useSession();
  const navigate = useNavigate();
  const signedIn = state.status === 'ready' && state.session !== null;
  // ?next= (a path of this site, e.g. a team invitation's /admin/join/…) replaces /admin; ?tab=signup opens Sign up.
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next')) ?? paths.admin.getHref();

  useEffect(() => {
    if (signedIn) void navigate(next, { replace: true });
  }, [signedIn, navigate, next]);

  return (
    <FrameGuard>
      <PageMeta fullTitle="Sign in | Admin" />
      <main className="container flex min-h-screen flex-col items-center justify-center gap-6 py-12">
        <h1 className="font-serif text-3xl font-semibold">Sign in</h1>
        <AuthPanel initialTab={params.get('tab') === 'signup' ? 'signup' : 'login'} />
      </main>
    </FrameGuard>
  );
}
