import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode; hint?: ReactNode; error?: string };

/** A native checkbox with its label (the whole line is clickable), an optional hint and error. */
export const CheckboxField = forwardRef<HTMLInputElement, Props>(({ label, hint, error, className, ...props }, ref) => {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1', className)}>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-primary"
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          {...props}
        />
        <label htmlFor={id} className="text-sm font-medium leading-5">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="pl-8 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="pl-8 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
});
CheckboxField.displayName = 'CheckboxField';

/** A small native checkbox inside its own text (the whole line clickable), for a setting in a form or a row. */
export function InlineCheckbox({ className, children, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { children: ReactNode }) {
  return (
    <label className={cn('flex items-center gap-2 text-sm', className)}>
      <input type="checkbox" className="h-4 w-4" {...props} />
      {children}
    </label>
  );
}
