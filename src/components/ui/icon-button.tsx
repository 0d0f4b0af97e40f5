import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from './button';

/** A ghost button that shows only its icon: `label` names it for screen readers. */
export function IconButton({ icon: Icon, label, size = 'sm', ...props }: ButtonProps & { icon: LucideIcon; label: string }) {
  return (
    <Button variant="ghost" size={size} aria-label={label} {...props}>
      <Icon className="h-4 w-4" aria-hidden />
    </Button>
  );
}
