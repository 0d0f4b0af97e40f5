import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

/** A form's submit button: disabled, and saying `pendingLabel`, while the form is being sent. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: Omit<ButtonProps, 'type'> & { pending: boolean; pendingLabel: ReactNode }) {
  return (
    <Button type="submit" disabled={disabled || pending} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
