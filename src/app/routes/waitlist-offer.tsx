import { useParams } from 'react-router-dom';
import { WaitlistOfferPage } from '@/features/waitlist/components/waitlist-offer-page';
import { OrgTheme } from '../org-theme';

/** /waitlist/{token}: a waitlist offer's claim page (the token, from the offer email, is its key). */
export default function WaitlistOfferRoute() {
  const { token = '' } = useParams();
  // A new token is a new page: nothing of the previous offer may linger.
  return <WaitlistOfferPage key={token} token={token} renderTheme={(colors) => <OrgTheme colors={colors} />} />;
}
