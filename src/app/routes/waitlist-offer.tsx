import { useParams } from 'react-router-dom';
import { useOrgTheme } from '@/features/org-page/hooks/use-org-theme';
import { WaitlistOfferPage } from '@/features/waitlist/components/waitlist-offer-page';

/** Applies an organization's colors while mounted (the org page's theme). */
function OrgTheme({ colors }: { colors: { primary_color: string | null } }) {
  useOrgTheme(colors);
  return null;
}

/** /waitlist/{token}: a waitlist offer's claim page (the token, from the offer email, is its key). */
export default function WaitlistOfferRoute() {
  const { token = '' } = useParams();
  // A new token is a new page: nothing of the previous offer may linger.
  return <WaitlistOfferPage key={token} token={token} renderTheme={(colors) => <OrgTheme colors={colors} />} />;
}
