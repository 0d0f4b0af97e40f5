import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dayLabel } from '../lib/overview';
import type { BookingsDay } from '../types';

/**
 * Bookings and guests per day, drawn with recharts. Its own lazy chunk (with recharts): only the
 * overview loads it, once there is something to draw. The drawing is decorative for assistive
 * technology: the section around it gives the same figures as text and as a table.
 */
export default function BookingsChart({ days }: { days: readonly BookingsDay[] }) {
  const data = days.map((d) => ({ label: dayLabel(d.day), bookings: d.bookings, guests: d.guests }));
  return (
    <div className="h-56 w-full" data-testid="bookings-chart" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="hsl(var(--border))" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} minTickGap={12} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} width={40} />
          <Tooltip cursor={{ fill: 'hsl(var(--muted))' }} />
          <Legend iconType="circle" wrapperStyle={{ fontSize: 12 }} formatter={(value: string) => <span className="text-foreground">{value}</span>} />
          <Bar dataKey="bookings" name="Bookings" fill="hsl(var(--primary))" radius={[3, 3, 0, 0]} maxBarSize={32} isAnimationActive={false} />
          <Bar dataKey="guests" name="Guests" fill="hsl(var(--accent))" radius={[3, 3, 0, 0]} maxBarSize={32} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
