/** The event being copied (an admin event: its id, title, calendar date and timezone). */
export interface RepeatEventRef {
  id: string;
  title: string;
  /** YYYY-MM-DD. */
  date: string;
  event_timezone: string;
}

export type RepeatFrequency = 'weekly' | 'monthly';
