import { useQuery } from '@tanstack/react-query';
import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';

/** A message sent to every confirmed booking of an event (SQL staff_event_guest_messages). */
export interface GuestMessage {
  id: string;
  subject: string;
  body: string;
  recipients: number;
  sentByEmail: string | null;
  createdAt: string;
}

export const guestMessagesQueryKey = (eventId: string) => ['admin', 'event', eventId, 'guest-messages'] as const;

export async function getGuestMessages(eventId: string): Promise<GuestMessage[]> {
  const { data, error } = await supabase.rpc('staff_event_guest_messages', { p_event_id: eventId });
  if (error) throw new Error(error.message);
  return data.map((m) => ({
    id: m.id,
    subject: m.subject,
    body: m.body,
    recipients: m.recipients,
    sentByEmail: m.sent_by_email,
    createdAt: m.created_at,
  }));
}

export function useGuestMessages(eventId: string) {
  return useQuery({ queryKey: guestMessagesQueryKey(eventId), queryFn: () => getGuestMessages(eventId) });
}

interface Send {
  eventId: string;
  subject: string;
  message: string;
  /** One per dialog: sending again with it (a double click, a retry) sends nothing more. */
  requestKey: string;
}

/** Emails every confirmed booking of the event (SQL staff_email_event_guests): how many, and whether this key had already sent it. */
export async function sendGuestMessages({ eventId, subject, message, requestKey }: Send): Promise<{ recipients: number; alreadySent: boolean }> {
  const { data, error } = await supabase.rpc('staff_email_event_guests', {
    p_event_id: eventId,
    p_subject: subject,
    p_message: message,
    p_request_key: requestKey,
  });
  if (error) throw new Error(error.message);
  const [row] = data;
  return { recipients: row.recipients, alreadySent: row.already_sent };
}

export function useSendGuestMessages(eventId: string, options: MutationCallbacks<{ recipients: number; alreadySent: boolean }, Send> = {}) {
  return useInvalidatingMutation(sendGuestMessages, guestMessagesQueryKey(eventId), options);
}
