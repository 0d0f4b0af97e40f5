import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** An editor row's remove button, named for the row ("Remove General"). */
export function RemoveRowButton({ name, onClick }: { name: string; onClick(): void }) {
  return (
    <Button variant="ghost" size="icon" aria-label={`Remove ${name}`} onClick={onClick}>
      <Trash2 className="h-4 w-4" aria-hidden />
    </Button>
  );
}
