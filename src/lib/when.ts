const MOMENT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment (a timestamp the admin shows) in the reader's own timezone: 'Dec 4, 2026, 9:30 AM'. */
export const when = (iso: string) => MOMENT.format(new Date(iso));
