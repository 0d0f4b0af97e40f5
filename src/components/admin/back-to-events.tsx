import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The admin's events tab, of one organization when given. */
export const adminEventsHref = (orgId?: string) => `${paths.admin.getHref()}?${orgId ? `org=${encodeURIComponent(orgId)}&` : ''}tab=events`;

/** The arrow at the top left of an event's own admin page: back to the organization's events. */
function BackToEventsButton({ orgId }: { orgId: string }) {
  return (
    <Button asChild variant="ghost" size="icon" className="-ml-2 shrink-0">
      <Link to={adminEventsHref(orgId)} aria-label="Back to events">
        <ArrowLeft className="h-5 w-5" aria-hidden />
      </Link>
    </Button>
  );
}

/**
 * The top left of an event's own admin page (door list, overview, kitchen report): the arrow back
 * to the events (not on paper), then the page's title block.
 */
export function EventPageTitle({ orgId, children }: { orgId: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <span className="print:hidden">
        <BackToEventsButton orgId={orgId} />
      </span>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
