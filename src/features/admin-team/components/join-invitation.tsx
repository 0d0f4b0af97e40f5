import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/layout/page-spinner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';
import { teamMessages } from '../messages';
import type { AcceptedInvitation, InvitationStatus } from '../types';

interface Props {
  token: string;
  /** The signed-in account's email; null when signed out. */
  signedInAs: string | null;
  onSignOut(): void;
  signingOut: boolean;
  onJoined(joined: AcceptedInvitation): void;
}

const closedLink: Record<Exclude<InvitationStatus, 'pending'>, string> = {
  expired: teamMessages.expired,
  revoked: teamMessages.revokedLink,
  accepted: teamMessages.alreadyUsed,
};

function JoinCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="container flex min-h-screen items-center justify-center py-12">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <MailCheck className="h-8 w-8 text-muted-foreground" aria-hidden />
          <h1 className="font-serif text-2xl font-semibold">{title}</h1>
        </CardHeader>
        <CardContent className="space-y-4">{children}</CardContent>
      </Card>
    </main>
  );
}

/**
 * /admin/join/:token. Signed out: who the invitation is for and the way to /auth (which comes back
 * here). Signed in: joins at once (the server checks the address, the expiry and the revocation)
 * and hands over to the panel; a refusal shows the server's message.
 */
export function JoinInvitation({ token, signedInAs, onSignOut, signingOut, onJoined }: Props) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation({
    onSuccess: (joined) => {
      toast.success(teamMessages.joined(joined.orgName));
      onJoined(joined);
    },
  });
  const asked = useRef(false);
  const status = invitation.data?.status;
  const { mutate } = accept;

  useEffect(() => {
    // Signed in and the link may still work (an accepted one answers again for its own account): join once.
    if (signedInAs === null || asked.current || (status !== 'pending' && status !== 'accepted')) return;
    asked.current = true;
    mutate(token);
  }, [signedInAs, status, token, mutate]);

  if (invitation.isPending) return <PageSpinner label="Opening your invitation…" />;
  if (invitation.isError) {
    return (
      <JoinCard title={teamMessages.joinFailed}>
        <Alert variant="destructive">{invitation.error.message || teamMessages.invalidLink}</Alert>
        <Button asChild variant="outline">
          <Link to={paths.admin.getHref()}>Go to the admin panel</Link>
        </Button>
      </JoinCard>
    );
  }

  const { email, orgName } = invitation.data;
  const here = paths.adminJoin.getHref(token);

  if (signedInAs === null) {
    if (invitation.data.status !== 'pending') {
      return (
        <JoinCard title={teamMessages.joinFailed}>
          <Alert variant="destructive">{closedLink[invitation.data.status]}</Alert>
        </JoinCard>
      );
    }
    return (
      <JoinCard title={`Join ${orgName}`}>
        <CardDescription>
          Sign in or create an account with <strong className="break-all text-foreground">{email}</strong> to join {orgName}.
        </CardDescription>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to={paths.auth.getHref(here)}>Sign in</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.auth.getHref(here, 'signup')}>Create an account</Link>
          </Button>
        </div>
      </JoinCard>
    );
  }

  if (accept.isError || (status !== 'pending' && status !== 'accepted')) {
    const message = accept.error?.message || (status && status !== 'pending' ? closedLink[status] : teamMessages.fallback);
    const wrongAddress = signedInAs.toLowerCase() !== email.toLowerCase();
    return (
      <JoinCard title={teamMessages.joinFailed}>
        <Alert variant="destructive">{message}</Alert>
        {wrongAddress ? (
          <CardDescription>
            You are signed in as <strong className="break-all text-foreground">{signedInAs}</strong>. The invitation to {orgName} is for{' '}
            <strong className="break-all text-foreground">{email}</strong>: sign out, then sign in with that address.
          </CardDescription>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          {wrongAddress ? (
            <Button onClick={onSignOut} disabled={signingOut}>
              Sign out
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to={paths.admin.getHref()}>Go to the admin panel</Link>
          </Button>
        </div>
      </JoinCard>
    );
  }

  return <PageSpinner label={`Joining ${orgName}…`} />;
}
