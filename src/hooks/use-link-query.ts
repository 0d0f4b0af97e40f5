import { useQuery } from '@tanstack/react-query';

/**
 * The query behind a page opened from an emailed link (manage a booking, a waitlist offer): a link
 * the server calls invalid (`Invalid`) stays invalid, other failures are retried once.
 */
export function useLinkQuery<T>(queryKey: readonly unknown[], queryFn: () => Promise<T>, Invalid: abstract new (...args: never[]) => Error) {
  return useQuery({ queryKey, queryFn, retry: (failures, error) => !(error instanceof Invalid) && failures < 1, refetchOnWindowFocus: false });
}
