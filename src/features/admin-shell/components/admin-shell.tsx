import { type ReactNode } from 'react';
import { PageSpinner } from '@/components/layout/page-spinner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAdminOrgs } from '../api/get-admin-orgs';
import { useAdminUrlState } from '../hooks/use-admin-url-state';
import { useIsMobile } from '../hooks/use-is-mobile';
import { isPlatformTab } from '../lib/nav';
import type { AdminTab, AdminTabContext } from '../types';
import { DesktopLayout } from './desktop-layout';
import { MobileLayout } from './mobile-layout';
import { SettingsIndex } from './settings-index';
import { useErrorToast } from '@/hooks/use-error-toast';

interface Props {
  user: { id: string; email?: string };
  onSignOut(): void;
  signingOut: boolean;
  /** Renders the content of a tab; the route composes the admin features here. */
  renderTab(ctx: AdminTabContext & { tab: Exclude<AdminTab, 'settings'> }): ReactNode;
  /** What an account without an organization sees (the route composes onboarding here). */
  renderNoOrganization(): ReactNode;
}

export function AdminShell({ user, onSignOut, signingOut, renderTab, renderNoOrganization }: Props) {
  const isMobile = useIsMobile();
  const { tab: asked, orgId, setTab, setOrgId } = useAdminUrlState();
  const orgsQuery = useAdminOrgs(user.id);

  useErrorToast(orgsQuery.isError, 'Failed to load organizations');

  if (orgsQuery.isPending) return <PageSpinner label="Loading your organizations…" />;
  if (orgsQuery.isError) {
    return (
      <main className="container py-16">
        <Alert variant="destructive">
          Failed to load organizations.{' '}
          <Button variant="link" onClick={() => void orgsQuery.refetch()}>
            Try again
          </Button>
        </Alert>
      </main>
    );
  }

  const { orgs, isSuperAdmin } = orgsQuery.data;
  // A platform tab in the URL of someone who is not the super admin opens the events instead.
  const tab = isPlatformTab(asked) && !isSuperAdmin ? 'events' : asked;
  if (orgs.length === 0) return renderNoOrganization();

  // The first organization is selected by default (and when the URL names one the user cannot see).
  const org = orgs.find((o) => o.id === orgId) ?? orgs[0];
  const layout = isMobile ? 'mobile' : 'desktop';
  const ctx: AdminTabContext = { org, layout, goTo: setTab };
  const content = tab === 'settings' ? <SettingsIndex onSelect={setTab} /> : renderTab({ ...ctx, tab });
  const Layout = isMobile ? MobileLayout : DesktopLayout;

  return (
    <Layout org={org} orgs={orgs} isSuperAdmin={isSuperAdmin} tab={tab} onTab={setTab} onOrg={setOrgId} onSignOut={onSignOut} signingOut={signingOut}>
      {/* Remount per organization so no state of one org leaks into another. */}
      <div key={org.id}>{content}</div>
    </Layout>
  );
}
