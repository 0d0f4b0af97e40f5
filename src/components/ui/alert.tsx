import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

export function Alert({ className, variant = 'default', ...props }: HTMLAttributes<HTMLDivElement> & { variant?: 'default' | 'destructive' }) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-lg border p-4 text-sm',
        variant === 'destructive' ? 'border-destructive/40 bg-red-50 text-destructive' : 'bg-muted/50',
        className,
      )}
      {...props}
    />
  );
}
