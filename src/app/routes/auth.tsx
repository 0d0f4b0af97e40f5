import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { FrameGuard } from '@/components/ui/frame-guard';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/api/get-session';
import { AuthPanel } from '@/features/auth/components/auth-panel';

export default function AuthRoute() {
  const state = useSession();
  const navigate = useNavigate();
  const signedIn = state.status === 'ready' && state.session !== null;

  useEffect(() => {
    if (signedIn) void navigate(paths.admin.getHref(), { replace: true });
  }, [signedIn, navigate]);

  return (
    <FrameGuard>
      <PageMeta fullTitle="Sign in | Admin" />
      <main className="container flex min-h-screen flex-col items-center justify-center gap-6 py-12">
        <h1 className="font-serif text-3xl font-semibold">Sign in</h1>
        <AuthPanel />
      </main>
    </FrameGuard>
  );
}
