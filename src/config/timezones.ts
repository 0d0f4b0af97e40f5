/** The time zones an organization and its events may use (SQL: the checks on organizations.timezone and events.event_timezone). */
export const timezones = [
  { value: 'America/New_York', label: 'Eastern (New York)' },
  { value: 'America/Chicago', label: 'Central (Chicago)' },
  { value: 'America/Denver', label: 'Mountain (Denver)' },
  { value: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
] as const;
