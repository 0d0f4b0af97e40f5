import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useErrorToast } from '@/hooks/use-error-toast';

/** What a list shows when it has nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{children}</p>;
}

interface Props<D, T> {
  query: { isPending: boolean; isError: boolean; data?: D };
  /** The list once the query has answered (undefined before); by default the query's data, when it is a list. */
  rows?: readonly T[];
  loading: string;
  failed: string;
  empty: ReactNode;
  /** Say `failed` as a toast too (a tab's own list, not a part of a dialog). */
  toast?: boolean;
  /** The list itself, shown once it has rows. */
  children?: (rows: readonly T[]) => ReactNode;
}

/** A list's loading spinner, its error alert and its empty state, each shown while it applies; then the list. */
export function QueryStatus<D, T = D extends readonly (infer R)[] ? R : never>({
  query,
  rows = Array.isArray(query.data) ? (query.data as readonly T[]) : undefined,
  loading,
  failed,
  empty,
  toast = false,
  children,
}: Props<D, T>) {
  useErrorToast(toast && query.isError, failed);
  return (
    <>
      {query.isPending ? <Spinner label={loading} /> : null}
      {query.isError ? <Alert variant="destructive">{failed}</Alert> : null}
      {rows && rows.length === 0 ? <EmptyState>{empty}</EmptyState> : null}
      {rows && rows.length > 0 && children ? children(rows) : null}
    </>
  );
}
