import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

/** A function answered (any status); `body` is its parsed JSON, or null if it sent none. */
export interface FunctionAnswer<T> {
  status: number;
  body: T | null;
}

/** The function could not be reached, or answered nothing readable: the outcome is unknown. */
export class FunctionUnreachableError extends Error {
  override name = 'FunctionUnreachableError';
}

/**
 * The app's one way to call an edge function (supabase/functions/<name>): every call goes through
 * here. Returns the function's answer whatever the status, so callers can show the server's own
 * message (4xx bodies carry `{ error }`). Throws FunctionUnreachableError only when no answer
 * came back — the case where a payment must be retried with the same idempotency key. Without a
 * body the call is a bare POST.
 */
export async function invokeFunction<T>(name: string, body?: unknown): Promise<FunctionAnswer<T>> {
  const { data, error } = await supabase.functions.invoke(name, body === undefined ? { method: 'POST' } : { body: body as Record<string, unknown> });
  if (!error) return { status: 200, body: (data ?? null) as T | null };
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed as T | null };
  }
  throw new FunctionUnreachableError(error instanceof Error ? error.message : String(error));
}

/** A sentence ends with a stop: 'Name must be at most 200 characters' → '… characters.' */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The server's message in an answer (`error` or `message`), if any. A refusal of several fields
 * (`messages`: each field's own words) names them all, so the guest fixes them at once.
 */
export function serverMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { error, message, messages } = body as { error?: unknown; message?: unknown; messages?: unknown };
  if (Array.isArray(messages)) {
    const each = messages.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
    if (each.length > 1) return each.map(sentence).join(' ');
  }
  if (typeof error === 'string' && error.trim()) return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  if (typeof message === 'string' && message.trim()) return message;
  return null;
}

/** The refusal's machine code (`code`), if any. */
export function serverCode(body: unknown): string | null {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : null;
}

/** The answer's body when the function answered 200, else an Error with the server's message. */
export function okBody<T>(answer: FunctionAnswer<T>, what: string): T | null {
  if (answer.status === 200) return answer.body;
  throw new Error(serverMessage(answer.body) ?? `${what} failed (${answer.status})`);
}
