import { formatEventDate } from '@/lib/dates';

/**
 * What the booker's phone shares with the party link: the dinner and where to claim a seat,
 * never a name or an email (the link itself is only a key).
 */
export function inviteText(event: { title: string; date: string }): string {
  return `A seat for you at ${event.title} on ${formatEventDate(event.date, 'EEEE, MMMM d')}: add your name and what you cannot eat.`;
}
