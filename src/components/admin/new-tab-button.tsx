import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';

/** An outline button that opens `href` (a public page, a preview) in a new tab, marked with the external-link icon. */
export function NewTabButton({ href, size, children }: { href: string; size?: ButtonProps['size']; children: ReactNode }) {
  return (
    <Button variant="outline" size={size} asChild>
      <a href={href} target="_blank" rel="noopener noreferrer">
        <ExternalLink className="h-4 w-4" aria-hidden />
        {children}
      </a>
    </Button>
  );
}
