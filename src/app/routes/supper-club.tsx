import { SupperClubPage } from '@/features/supper-club/components/supper-club-page';

export default function Route() {
  return <SupperClubPage />;
}
