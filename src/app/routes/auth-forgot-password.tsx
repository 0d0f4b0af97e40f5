import { useSearchParams } from 'react-router-dom';
import { PageMeta } from '@/components/seo/page-meta';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FrameGuard } from '@/components/ui/frame-guard';
import { safeNextPath } from '@/config/paths';
import { PasswordResetRequest } from '@/features/auth/components/password-reset-request';
import { authMessages } from '@/features/auth/messages';

/** /auth/forgot-password — asks for a password reset link ("Forgot password?" on /auth). */
export default function ForgotPasswordRoute() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next')) ?? undefined;
  return (
    <FrameGuard>
      <PageMeta fullTitle="Reset your password | Admin" />
      <main className="container flex min-h-screen flex-col items-center justify-center gap-6 py-12">
        <h1 className="text-center font-serif text-3xl font-semibold">{authMessages.resetTitle}</h1>
        <Card className="w-full max-w-md">
          <CardHeader>
            <h2 className="font-serif text-xl font-semibold leading-tight">{authMessages.getLink}</h2>
            <CardDescription>{authMessages.resetIntro}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <PasswordResetRequest next={next} />
          </CardContent>
        </Card>
      </main>
    </FrameGuard>
  );
}
