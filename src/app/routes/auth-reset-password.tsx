import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/layout/page-spinner';
import { PageMeta } from '@/components/seo/page-meta';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FrameGuard } from '@/components/ui/frame-guard';
import { paths, safeNextPath } from '@/config/paths';
import { useRecoverySession } from '@/features/auth/api/get-recovery-session';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';
import { PasswordResetRequest } from '@/features/auth/components/password-reset-request';
import { authMessages } from '@/features/auth/messages';

/**
 * /auth/reset-password — where the emailed reset link lands, signed in by it: choose a new
 * password, then on to `next` or /admin. A refused link (used, replaced, older than an hour),
 * or no link at all, says so and offers a new one.
 */
export default function ResetPasswordRoute() {
  const state = useRecoverySession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next')) ?? undefined;

  if (state.status === 'loading') {
    return (
      <FrameGuard>
        <PageSpinner label={authMessages.checkingLink} />
      </FrameGuard>
    );
  }

  const invalid = state.status === 'invalid';
  const title = invalid ? (state.reason === 'expired' ? authMessages.linkExpired : authMessages.linkMissing) : authMessages.choosePassword;
  return (
    <FrameGuard>
      <PageMeta fullTitle={`${title} | Admin`} />
      <main className="container flex min-h-screen flex-col items-center justify-center gap-6 py-12">
        <h1 className="max-w-md text-center font-serif text-3xl font-semibold">{title}</h1>
        <Card className="w-full max-w-md">
          {invalid ? (
            <>
              <CardHeader>
                <h2 className="font-serif text-xl font-semibold leading-tight">{authMessages.getNewLink}</h2>
                <CardDescription>
                  {state.reason === 'expired' ? authMessages.linkExpiredDescription : authMessages.linkMissingDescription}
                </CardDescription>
              </CardHeader>
              <CardContent className="space-y-4">
                <PasswordResetRequest next={next} />
              </CardContent>
            </>
          ) : (
            <>
              <CardHeader>
                <h2 className="font-serif text-xl font-semibold leading-tight">{authMessages.yourAccount}</h2>
                <CardDescription className="break-words">{authMessages.choosePasswordFor(state.session.user.email ?? '')}</CardDescription>
              </CardHeader>
              <CardContent>
                <NewPasswordForm
                  onSaved={() => {
                    toast.success(authMessages.passwordUpdated, { description: authMessages.passwordUpdatedDescription });
                    void navigate(next ?? paths.admin.getHref(), { replace: true });
                  }}
                />
              </CardContent>
            </>
          )}
        </Card>
      </main>
    </FrameGuard>
  );
}
