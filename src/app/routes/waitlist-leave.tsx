import { useParams } from 'react-router-dom';
import { LeaveWaitlistPage } from '@/features/waitlist/components/leave-waitlist-page';
import { OrgTheme } from '../org-theme';

/** /waitlist/leave/{token}: leaving a waitlist (the token, from any waitlist email, is its key). */
export default function WaitlistLeaveRoute() {
  const { token = '' } = useParams();
  return <LeaveWaitlistPage key={token} token={token} renderTheme={(colors) => <OrgTheme colors={colors} />} />;
}
