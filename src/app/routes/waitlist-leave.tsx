import { useParams } from 'react-router-dom';
import { useOrgTheme } from '@/features/org-page/hooks/use-org-theme';
import { LeaveWaitlistPage } from '@/features/waitlist/components/leave-waitlist-page';

/** Applies an organization's colors while mounted (the org page's theme). */
function OrgTheme({ colors }: { colors: { primary_color: string | null } }) {
  useOrgTheme(colors);
  return null;
}

/** /waitlist/leave/{token}: leaving a waitlist (the token, from any waitlist email, is its key). */
export default function WaitlistLeaveRoute() {
  const { token = '' } = useParams();
  return <LeaveWaitlistPage key={token} token={token} renderTheme={(colors) => <OrgTheme colors={colors} />} />;
}
