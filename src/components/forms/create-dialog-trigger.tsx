import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogTrigger } from '@/components/ui/dialog';

/** The "+ Create …" button that opens a create dialog. */
export function CreateDialogTrigger({ children }: { children: string }) {
  return (
    <DialogTrigger asChild>
      <Button>
        <Plus className="h-4 w-4" aria-hidden />
        {children}
      </Button>
    </DialogTrigger>
  );
}
