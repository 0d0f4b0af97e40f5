import { useState } from 'react';
import { toast } from 'sonner';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useChooseLocation } from '../api/choose-location';
import { paymentsMessages } from '../messages';
import type { SquareLocation } from '../types';
import { SubmitButton } from '@/components/forms/submit-button';
import { SubmitForm } from '@/components/forms/submit-form';

/** Where guests pay: one of the connected account's locations (the server refuses one not in US dollars). */
export function LocationPicker({ orgId, locations, disabled }: { orgId: string; locations: SquareLocation[]; disabled: boolean }) {
  const [choice, setChoice] = useState(locations.find((l) => l.chosen)?.id ?? locations[0]?.id ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const choose = useChooseLocation(orgId, {
    onSuccess: () => {
      setProblem(null);
      toast.success(paymentsMessages.locationChosen);
    },
    onError: (error) => {
      setProblem(error.message || paymentsMessages.fallback);
      toast.error(paymentsMessages.locationFailed, { description: error.message || paymentsMessages.fallback });
    },
  });
  if (locations.length === 0) return <p className="text-sm text-muted-foreground">This Square account has no locations.</p>;
  return (
    <SubmitForm className="space-y-2" onSubmit={() => choose.mutate({ orgId, locationId: choice })}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="square-location">Location</Label>
          <NativeSelect
            id="square-location"
            value={choice}
            disabled={disabled}
            onChange={(e) => setChoice(e.target.value)}
            aria-describedby="square-location-problem"
          >
            {locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.name} ({location.currency ?? 'no currency'})
              </option>
            ))}
          </NativeSelect>
        </div>
        <SubmitButton pending={choose.isPending} pendingLabel="Saving…" disabled={disabled || !choice}>
          Use this location
        </SubmitButton>
      </div>
      <p id="square-location-problem" role="alert" className="text-sm text-destructive">
        {problem}
      </p>
    </SubmitForm>
  );
}
