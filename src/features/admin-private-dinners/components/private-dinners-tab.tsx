import { useState } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { QueryStatus } from '@/components/admin/query-status';
import { Button } from '@/components/ui/button';
import { InlineCheckbox } from '@/components/ui/checkbox-field';
import { usePrivateDinnerRequests } from '../api/get-private-dinner-requests';
import { usePrivateDinnersOn } from '../api/get-private-dinners-on';
import { privateDinnerMessages } from '../messages';
import { RequestCard } from './request-card';

interface Props {
  orgId: string;
  /** Opens the Branding tab, where requests are turned on. */
  onOpenBranding(): void;
}

/**
 * The organization's private dinner requests, newest first: each with what the guest asked, a
 * reply by email and its status (new, replied, archived). Archived ones are hidden until asked for.
 */
export function PrivateDinnersTab({ orgId, onOpenBranding }: Props) {
  const requests = usePrivateDinnerRequests(orgId);
  const takingRequests = usePrivateDinnersOn(orgId);
  const [showArchived, setShowArchived] = useState(false);

  const all = requests.data;
  const shown = all?.filter((r) => showArchived || r.status !== 'archived');
  const archived = all?.filter((r) => r.status === 'archived').length ?? 0;
  // Only a definite "off" is said (not while the setting loads or when it cannot be read).
  const off = takingRequests.data === false;
  const openBranding = (
    <Button variant="link" className="h-auto p-0" onClick={onOpenBranding}>
      {privateDinnerMessages.openBranding}
    </Button>
  );

  return (
    <AdminSection
      id="private-dinners"
      title={privateDinnerMessages.title}
      actions={
        archived > 0 || showArchived ? (
          <InlineCheckbox checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)}>
            {privateDinnerMessages.showArchived} ({archived})
          </InlineCheckbox>
        ) : null
      }
    >
      <p className="text-sm text-muted-foreground">{privateDinnerMessages.intro}</p>
      {off && all && all.length > 0 ? (
        <p className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-muted/50 p-4 text-sm">
          <span>{privateDinnerMessages.off}</span>
          {openBranding}
        </p>
      ) : null}
      <QueryStatus
        query={requests}
        rows={shown}
        loading={privateDinnerMessages.loading}
        failed={privateDinnerMessages.loadFailed}
        empty={
          all && all.length > 0 ? (
            privateDinnerMessages.noOpen
          ) : (
            <>
              <span className="block">{privateDinnerMessages.empty}</span>
              {off ? (
                <span className="mt-2 block text-sm">
                  {privateDinnerMessages.turnOn} {openBranding}
                </span>
              ) : null}
            </>
          )
        }
        toast
      >
        {(listed) => (
          <ul aria-label="Private dinner requests" className="max-w-3xl space-y-3">
            {listed.map((request) => (
              <li key={request.id}>
                <RequestCard orgId={orgId} request={request} archivedHidden={!showArchived} />
              </li>
            ))}
          </ul>
        )}
      </QueryStatus>
    </AdminSection>
  );
}
