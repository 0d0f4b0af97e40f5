/** The stack's local mailbox, where every email the functions send ends up. */
import { stackEnv } from './stack-env.ts';

export interface MailboxMessage {
  subject: string;
  body_text: string;
  /** The rendered HTML, when the message has one. */
  body_html?: string | null;
  to_email: string;
}

/** The messages the mailbox holds for an address now. */
export async function mailboxMessages(email: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${stackEnv().mailboxUrl}/api/messages?to=${encodeURIComponent(email)}`);
  const body = (await response.json()) as unknown;
  return (Array.isArray(body) ? body : ((body as { messages?: unknown[] }).messages ?? [])) as MailboxMessage[];
}

/** The messages for an address, polling until `atLeast` arrive or `timeoutMs` passes. */
export async function mailFor(email: string, atLeast = 1, timeoutMs = 15_000): Promise<MailboxMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await mailboxMessages(email);
    if (list.length >= atLeast || Date.now() > deadline) return list;
    await new Promise((r) => setTimeout(r, 300));
  }
}
