/**
 * Whether `error` is src/lib/invoke-function.ts's FunctionUnreachableError (no answer came back:
 * the outcome is unknown). Told by its name, not instanceof: importing the class would load
 * supabase-js (~52 KB gzip) with the booking forms instead of with their first function call.
 */
export function isFunctionUnreachable(error: unknown): boolean {
  return error instanceof Error && error.name === 'FunctionUnreachableError';
}
