import { useState } from 'react';
import { Info } from 'lucide-react';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { dinnerSeries, site } from '@/config/site';

/**
 * Parties above the form's limit book by email. The tip opens on hover and keyboard focus, and on
 * a tap too (touch screens have no hover).
 */
export function LargePartyTip() {
  const [open, setOpen] = useState(false);
  return (
    <TooltipProvider delayDuration={150}>
      <Tooltip open={open} onOpenChange={setOpen}>
        <TooltipTrigger asChild>
          <button
            type="button"
            onClick={(e) => {
              e.preventDefault();
              setOpen(true);
            }}
            className="inline-flex items-center gap-1 rounded-sm text-xs font-medium text-muted-foreground underline underline-offset-2 hover:text-foreground"
          >
            <Info className="h-3.5 w-3.5" aria-hidden />
            More than {dinnerSeries.maxGuestsPerOrder} guests?
          </button>
        </TooltipTrigger>
        <TooltipContent side="top">
          Parties larger than {dinnerSeries.maxGuestsPerOrder}: please email {site.supportEmail} with your preferred date and party
          size.
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
