import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { InlineCheckbox } from '@/components/ui/checkbox-field';
import { withReason } from '@/lib/error-reason';
import { useCanManagePayments, useEventCharges, useSaveEventCharges, useOrgCharges } from './use-charges';
import { fromFormValues, NO_CHARGES, OWNERS_ONLY, toFormValues, type ChargeFormValues, type ChargeTerms } from './charge-values';
import { ChargeFields } from './charge-fields';

/**
 * An event's own tax and service charge, or its organization's defaults: a fieldset of the
 * event editor, saved on its own (its button), for new bookings only.
 */
export function EventChargesFieldset({ orgId, eventId }: { orgId: string; eventId: string }) {
  const own = useEventCharges(eventId);
  const defaults = useOrgCharges(orgId);
  const canManage = useCanManagePayments(orgId);
  return (
    <fieldset className="space-y-3 rounded-md border p-4" data-testid="event-charges">
      <legend className="px-1 text-sm font-medium">Taxes and service charges</legend>
      {own.isPending || defaults.isPending || canManage.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading…
        </p>
      ) : own.error || defaults.error || canManage.error ? (
        <p role="alert" className="text-sm text-destructive">
          {withReason('Could not load the taxes and service charges', own.error ?? defaults.error ?? canManage.error)}
        </p>
      ) : (
        <EventChargesForm eventId={eventId} own={own.data ?? null} defaults={defaults.data ?? NO_CHARGES} readOnly={!canManage.data} />
      )}
    </fieldset>
  );
}

function EventChargesForm({
  eventId,
  own,
  defaults,
  readOnly,
}: {
  eventId: string;
  own: ChargeTerms | null;
  defaults: ChargeTerms;
  readOnly: boolean;
}) {
  const [inherit, setInherit] = useState(own === null);
  const [values, setValues] = useState<ChargeFormValues>(() => toFormValues(own ?? defaults));
  const [error, setError] = useState<{ field: keyof ChargeFormValues; message: string } | null>(null);
  const save = useSaveEventCharges(eventId);

  function submit() {
    let terms: ChargeTerms | null = null;
    if (!inherit) {
      const parsed = fromFormValues(values);
      if (!parsed.ok) {
        setError(parsed);
        return;
      }
      terms = parsed.terms;
    }
    setError(null);
    save.mutate(terms, {
      onSuccess: () => toast.success('Taxes and service charges saved'),
      onError: (err) => toast.error('Could not save', { description: withReason('The taxes and service charges were not saved', err) }),
    });
  }

  return (
    <div className="space-y-3">
      <InlineCheckbox checked={inherit} disabled={readOnly} onChange={(e) => setInherit(e.target.checked)}>
        Use the organization&apos;s defaults
      </InlineCheckbox>
      {inherit ? null : <ChargeFields values={values} error={error} disabled={readOnly || save.isPending} onChange={setValues} />}
      {readOnly ? (
        <p className="text-xs text-muted-foreground">{OWNERS_ONLY}</p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted-foreground">New bookings only; saved apart from the rest of the event.</p>
          <Button type="button" variant="outline" size="sm" disabled={save.isPending} onClick={submit}>
            {save.isPending ? 'Saving…' : 'Save taxes and charges'}
          </Button>
        </div>
      )}
    </div>
  );
}
