import { useParams } from 'react-router-dom';
import { OrgPage } from '@/features/org-page/components/org-page';
import { BookingPanel } from '../booking-panel';

export default function OrgPageRoute() {
  const { orgSlug = '' } = useParams();
  return <OrgPage slug={orgSlug} renderBookingPanel={(context) => <BookingPanel context={context} />} />;
}
