import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

interface Props {
  onCancel(): void;
  /** The submit button's words, and its words while the form is being sent. */
  submitLabel: ReactNode;
  pendingLabel: ReactNode;
  pending: boolean;
  disabled?: boolean;
}

/** A form dialog's footer: Cancel, then the submit button (disabled while the form is being sent). */
export function FormDialogFooter({ onCancel, submitLabel, pendingLabel, pending, disabled = false }: Props) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={disabled || pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
