import { useParams } from 'react-router-dom';
import { LoadFailedPage } from '@/components/message-page';
import { PageSpinner } from '@/components/layout/page-spinner';
import { useOrgTheme } from '@/features/org-page/hooks/use-org-theme';
import { usePrivateDinnerHost } from '@/features/private-dinner/api/get-private-dinner-host';
import { PrivateDinnerClosed } from '@/features/private-dinner/components/private-dinner-closed';
import { PrivateDinnerPage } from '@/features/private-dinner/components/private-dinner-page';

/**
 * /{orgSlug}/private-dinner: a guest asks the organization for a private dinner of their own, on
 * a page in its colors (the org page's theme). A host that takes no requests (or no such host)
 * gets the server's refusal instead of the form.
 */
export default function OrgPrivateDinnerRoute() {
  const { orgSlug = '' } = useParams();
  const query = usePrivateDinnerHost(orgSlug);
  useOrgTheme(query.data?.colors);
  if (query.isPending) return <PageSpinner label="Loading…" />;
  if (query.isError) {
    return <LoadFailedPage title="Private dinner" heading="This page could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const page = query.data;
  if (!page?.open) return <PrivateDinnerClosed host={page?.host ?? null} />;
  // Another host is another form: nothing typed for one is sent to the other.
  return <PrivateDinnerPage key={page.host.slug} host={page.host} />;
}
