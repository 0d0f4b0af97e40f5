import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** What an admin screen passes to a mutation hook: toasts on success and on failure. */
export interface MutationCallbacks<TData = void, TVariables = unknown> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error) => void;
}

/**
 * A mutation that, once it succeeds, refreshes the queries under `queryKey` (and waits for them)
 * before it calls the screen's onSuccess; a failure goes to the screen's onError.
 */
export function useInvalidatingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  queryKey: QueryKey,
  options: MutationCallbacks<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data: TData, variables: TVariables) => {
      await queryClient.invalidateQueries({ queryKey });
      options.onSuccess?.(data, variables);
    },
    onError: options.onError,
  });
}
