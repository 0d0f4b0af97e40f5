import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { PLACEHOLDERS, PLACEHOLDER_HINTS } from '../lib/template-types';
import { templateMessages } from '../messages';

/** The placeholders a template may use: each inserts itself where the cursor was (or is copied). */
export function PlaceholderList({ onInsert }: { onInsert(placeholder: string): void }) {
  const copy = (token: string) =>
    navigator.clipboard.writeText(token).then(
      () => toast.success('Copied!', { description: templateMessages.copied(token) }),
      () => toast.error('Error', { description: templateMessages.copyFailed }),
    );
  return (
    <section aria-labelledby="placeholders-heading" className="space-y-2">
      <h3 id="placeholders-heading" className="text-sm font-medium">
        Placeholders
      </h3>
      <p className="text-xs text-muted-foreground">
        Select one to insert it where the cursor is in the subject or the body. Guests see the booking’s value.
      </p>
      <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2" aria-label="Placeholders">
        {PLACEHOLDERS.map((name) => {
          const token = `{{${name}}}`;
          return (
            <li key={name} className="flex min-w-0 items-center gap-1">
              <Button
                variant="ghost"
                size="sm"
                className="h-auto min-w-0 flex-1 justify-start whitespace-normal px-2 py-1 text-left"
                onClick={() => onInsert(token)}
              >
                <span className="flex min-w-0 flex-col">
                  <span className="sr-only">Insert </span>
                  <code className="break-all font-mono text-xs font-semibold">{token}</code>{' '}
                  <span className="text-xs text-muted-foreground">{PLACEHOLDER_HINTS[name]}</span>
                </span>
              </Button>
              <Button variant="ghost" size="icon" className="h-8 w-8 shrink-0" onClick={() => void copy(token)} aria-label={`Copy ${token}`}>
                <Copy className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
