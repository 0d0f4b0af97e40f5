import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './dialog';

interface Props extends Omit<ComponentPropsWithoutRef<typeof DialogContent>, 'title'> {
  title: ReactNode;
  description: ReactNode;
  /** While true (a request is on its way) the dialog stays open. */
  busy?: boolean;
  onClose(): void;
}

/** A dialog shown while it is rendered, with its title and description; closing it calls onClose unless it is busy. */
export function ClosingDialog({ title, description, busy = false, onClose, children, ...content }: Props) {
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent {...content}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
