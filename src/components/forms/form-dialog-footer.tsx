import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { keepFieldFocus } from '@/components/forms/keep-field-focus';
import { SubmitButton } from '@/components/forms/submit-button';

interface Props {
  onCancel(): void;
  /** The submit button's words, and its words while the form is being sent. */
  submitLabel: ReactNode;
  pendingLabel: ReactNode;
  pending: boolean;
  disabled?: boolean;
}

/**
 * A form dialog's footer: Cancel, then the submit button (disabled while the form is being sent;
 * pressing it keeps the focus in the field being edited: see keepFieldFocus).
 */
export function FormDialogFooter({ onCancel, submitLabel, pendingLabel, pending, disabled = false }: Props) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <SubmitButton pending={pending} pendingLabel={pendingLabel} disabled={disabled} {...keepFieldFocus}>
        {submitLabel}
      </SubmitButton>
    </DialogFooter>
  );
}
