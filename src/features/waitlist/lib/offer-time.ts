/**
 * The offer's deadline, in the event's own timezone: 'Sat, Dec 5, 7:30 PM EST'. Pure (the
 * instant and the zone are given), so it is unit tested.
 */
export function formatHeldUntil(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(instant);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(instant);
  }
}

/** What is left of an offer: '11 h 59 min left', '4 min 10 s left', or null once it is over. */
export function timeLeftText(ms: number): string | null {
  if (ms <= 0) return null;
  const seconds = Math.floor(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${m} min left`;
  if (m > 0) return `${m} min ${s} s left`;
  return `${s} s left`;
}
