import type { Dispatch, SetStateAction } from 'react';
import { Button } from '@/components/ui/button';

interface Props {
  /** The current page, from 0. */
  page: number;
  setPage: Dispatch<SetStateAction<number>>;
  /** The current page is the last one. */
  last: boolean;
}

/** A paged list's Previous and Next buttons. */
export function PageButtons({ page, setPage, last }: Props) {
  return (
    <>
      <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
        Previous
      </Button>
      <Button variant="outline" size="sm" disabled={last} onClick={() => setPage((p) => p + 1)}>
        Next
      </Button>
    </>
  );
}
