import { useParams } from 'react-router-dom';
import { useOrgTheme } from '@/features/org-page/hooks/use-org-theme';
import { WaitlistOfferPage } from '@/features/waitlist/components/waitlist-offer-page';

/** Applies an organization's colors while mounted (the org page's theme). */
function OrgTheme({ colors }: { colors: { primary_color: string | null } }) {
  useOrgTheme(colors);
  return null;
}

/**
 * /pay/{token}: the payment step of a booking staff entered with a payment link (the token, from
 * the email, is its key). The waitlist offer's page, in the payment link's own words.
 */
export default function PayBookingRoute() {
  const { token = '' } = useParams();
  // A new token is a new page: nothing of the previous booking may linger.
  return <WaitlistOfferPage key={token} token={token} linkKind="payment_link" renderTheme={(colors) => <OrgTheme colors={colors} />} />;
}
