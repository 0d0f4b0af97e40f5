/** `text` parsed as JSON; `empty` for an empty body and `fallback(text)` when it is not JSON. */
export function parseJsonBody<T>(text: string, empty: T, fallback: (text: string) => T): unknown {
  if (!text) return empty;
  try {
    return JSON.parse(text);
  } catch {
    return fallback(text);
  }
}
