import { DinnerSeriesPage } from '@/features/dinner-series/components/dinner-series-page';

export default function Route() {
  return <DinnerSeriesPage />;
}
