import { lazy, Suspense, useId } from 'react';
import { chartSummary, dayLabel, fillDays } from '../lib/overview';
import { overviewMessages } from '../messages';
import type { BookingsDay } from '../types';

// recharts is loaded only here, on demand: not with the admin panel, not with the overview's own chunk.
const BookingsChart = lazy(() => import('./bookings-chart'));

/** Bookings over time: the chart, the same figures in words and as a (visually hidden) table, or an empty state. */
export function BookingsSection({ days }: { days: readonly BookingsDay[] }) {
  const titleId = useId();
  const summaryId = useId();
  const filled = fillDays(days);

  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-lg border bg-card p-4 shadow-sm sm:p-5">
      <h2 id={titleId} className="font-serif text-lg font-semibold">
        {overviewMessages.chartTitle}
      </h2>
      {days.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground" data-testid="bookings-empty">
          {overviewMessages.chartEmpty}
        </p>
      ) : (
        <figure aria-labelledby={summaryId} className="space-y-2">
          <Suspense
            fallback={
              <div className="flex h-56 items-center justify-center text-sm text-muted-foreground" role="status">
                {overviewMessages.chartLoading}
              </div>
            }
          >
            <BookingsChart days={filled} />
          </Suspense>
          <figcaption id={summaryId} className="text-sm text-muted-foreground" data-testid="bookings-summary">
            {chartSummary(days)}
          </figcaption>
          <table className="sr-only">
            <caption>Bookings and guests per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Bookings</th>
                <th scope="col">Guests</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{dayLabel(d.day)}</th>
                  <td>{d.bookings}</td>
                  <td>{d.guests}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
    </section>
  );
}
