import { useParams } from 'react-router-dom';
import { WaitlistOfferPage } from '@/features/waitlist/components/waitlist-offer-page';
import { OrgTheme } from '../org-theme';

/**
 * /pay/{token}: the payment step of a booking staff entered with a payment link (the token, from
 * the email, is its key). The waitlist offer's page, in the payment link's own words.
 */
export default function PayBookingRoute() {
  const { token = '' } = useParams();
  // A new token is a new page: nothing of the previous booking may linger.
  return <WaitlistOfferPage key={token} token={token} linkKind="payment_link" renderTheme={(colors) => <OrgTheme colors={colors} />} />;
}
