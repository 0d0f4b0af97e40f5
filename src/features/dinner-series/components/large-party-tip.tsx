import { useRef, useState } from 'react';
import { Info } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { TICKET_MAX_GUESTS } from '@/config/product';
import { site } from '@/config/site';

/**
 * Parties above the form's limit book by email. The tip opens on hover, on keyboard focus and on a
 * tap (touch screens have no hover).
 */
export function LargePartyTip() {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const escaped = useRef(false);
  const onOpenChange = (next: boolean) => {
    if (next) {
      escaped.current = false;
      setOpen(true);
      return;
    }
    // Radix closes a tooltip when the page scrolls, and focusing the trigger scrolls it into view:
    // a keyboard user would never see the tip. It stays while its trigger has focus, unless Escape.
    if (!escaped.current && document.activeElement === triggerRef.current) return;
    setOpen(false);
  };
  return (
    <TooltipProvider delayDuration={150}>
      <Tooltip open={open} onOpenChange={onOpenChange}>
        <TooltipTrigger asChild>
          <button
            ref={triggerRef}
            type="button"
            onClick={(e) => {
              e.preventDefault();
              onOpenChange(true);
            }}
            className="inline-flex items-center gap-1 rounded-sm text-xs font-medium text-muted-foreground underline underline-offset-2 hover:text-foreground"
          >
            <Info className="h-3.5 w-3.5" aria-hidden />
            More than {TICKET_MAX_GUESTS} guests?
          </button>
        </TooltipTrigger>
        <TooltipContent side="top" onEscapeKeyDown={() => (escaped.current = true)}>
          Parties larger than {TICKET_MAX_GUESTS}: please email {site.supportEmail} with your preferred date and party size.
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
