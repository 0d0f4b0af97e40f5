import { useEffect } from 'react';
import { toast } from 'sonner';

/** Says a failed load in a toast each time `isError` turns true (the screen shows its own alert too). */
export function useErrorToast(isError: boolean, description: string, title = 'Error') {
  useEffect(() => {
    if (isError) toast.error(title, { description });
  }, [isError, description, title]);
}
