import { Link } from 'react-router-dom';
import { MessagePage } from '@/components/message-page';
import { paths } from '@/config/paths';
import { privateDinnerMessages } from '../schemas';

/**
 * /{slug}/private-dinner when no request can be sent: the host has them off (or is not
 * published), or there is no such host. The server's words, and the way to the host's page
 * when there is one (else home).
 */
export function PrivateDinnerClosed({ host }: { host: { name: string; slug: string } | null }) {
  return (
    <MessagePage title={host ? `Private dinner · ${host.name}` : 'Private dinner'} heading="Private dinners" testId="private-dinner-closed">
      <p className="max-w-md text-muted-foreground">{privateDinnerMessages.closed}</p>
      <Link
        to={host ? paths.orgPage.getHref(host.slug) : paths.home.getHref()}
        className="mt-2 break-words font-medium underline underline-offset-4 hover:text-muted-foreground"
      >
        {host ? `Back to ${host.name}` : 'Go to the home page'}
      </Link>
    </MessagePage>
  );
}
