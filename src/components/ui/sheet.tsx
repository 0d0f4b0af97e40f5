import { forwardRef } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cn } from '@/lib/utils';
import { ModalContent } from './modal-content';

/** A drawer: Radix Dialog sliding in from a side (focus trapped, Escape closes it). */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

const sides = {
  left: 'inset-y-0 left-0 h-full w-72 max-w-[85vw] border-r',
  right: 'inset-y-0 right-0 h-full w-72 max-w-[85vw] border-l',
} as const;

export const SheetContent = forwardRef<
  React.ElementRef<typeof DialogPrimitive.Content>,
  React.ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & { side?: keyof typeof sides }
>(({ className, side = 'left', ...props }, ref) => (
  <ModalContent
    ref={ref}
    className={cn('fixed z-50 flex flex-col gap-4 overflow-y-auto bg-background p-5 shadow-lg', sides[side], className)}
    {...props}
  />
));
SheetContent.displayName = 'SheetContent';
