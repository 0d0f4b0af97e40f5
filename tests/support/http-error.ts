import { HttpError } from '../../stack/gateway/context.ts';

/** The HttpError `fn` throws (another error is rethrown; none at all fails). */
export function errorOf(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}
