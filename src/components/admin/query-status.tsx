import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';

/** What a list shows when it has nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{children}</p>;
}

interface Props {
  query: { isPending: boolean; isError: boolean; data?: unknown };
  /** The list once the query has answered (undefined before); by default the query's data, when it is a list. */
  rows?: readonly unknown[];
  loading: string;
  failed: ReactNode;
  empty: ReactNode;
}

/** A list's loading spinner, its error alert and its empty state, each shown while it applies. */
export function QueryStatus({ query, rows = Array.isArray(query.data) ? query.data : undefined, loading, failed, empty }: Props) {
  return (
    <>
      {query.isPending ? <Spinner label={loading} /> : null}
      {query.isError ? <Alert variant="destructive">{failed}</Alert> : null}
      {rows && rows.length === 0 ? <EmptyState>{empty}</EmptyState> : null}
    </>
  );
}
