import { useState } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { withReason } from '@/lib/error-reason';
import { useCanManagePayments, useOrgCharges, useSaveOrgCharges } from './use-charges';
import { fromFormValues, NO_CHARGES, OWNERS_ONLY, toFormValues, type ChargeFormValues, type ChargeTerms } from './charge-values';
import { ChargeFields } from './charge-fields';
import { SubmitButton } from '@/components/forms/submit-button';
import { SubmitForm } from '@/components/forms/submit-form';

/** The organization's default sales tax, service charge and price display (events may set their own). */
export function OrgChargesCard({ orgId }: { orgId: string }) {
  const charges = useOrgCharges(orgId);
  const canManage = useCanManagePayments(orgId);
  return (
    <Card aria-labelledby="org-charges-title" data-testid="org-charges">
      <CardHeader>
        <CardTitle id="org-charges-title">Taxes and service charges</CardTitle>
        <CardDescription>The defaults of every event; an event can set its own in its editor. New bookings only.</CardDescription>
      </CardHeader>
      <CardContent>
        {charges.isPending || canManage.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading…
          </p>
        ) : charges.error || canManage.error ? (
          <p role="alert" className="text-sm text-destructive">
            {withReason('Could not load the taxes and service charges', charges.error ?? canManage.error)}
          </p>
        ) : (
          <OrgChargesForm orgId={orgId} saved={charges.data ?? NO_CHARGES} readOnly={!canManage.data} />
        )}
      </CardContent>
    </Card>
  );
}

function OrgChargesForm({ orgId, saved, readOnly }: { orgId: string; saved: ChargeTerms; readOnly: boolean }) {
  const [values, setValues] = useState<ChargeFormValues>(() => toFormValues(saved));
  const [error, setError] = useState<{ field: keyof ChargeFormValues; message: string } | null>(null);
  const save = useSaveOrgCharges(orgId);
  return (
    <SubmitForm
      className="space-y-4"
      noValidate
      onSubmit={() => {
        const parsed = fromFormValues(values);
        if (!parsed.ok) {
          setError(parsed);
          return;
        }
        setError(null);
        save.mutate(parsed.terms, {
          onSuccess: () => toast.success('Taxes and service charges saved'),
          onError: (err) => toast.error('Could not save', { description: withReason('The taxes and service charges were not saved', err) }),
        });
      }}
    >
      <ChargeFields values={values} error={error} disabled={readOnly || save.isPending} onChange={setValues} />
      {readOnly ? (
        <p className="text-sm text-muted-foreground">{OWNERS_ONLY}</p>
      ) : (
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save taxes and charges
        </SubmitButton>
      )}
    </SubmitForm>
  );
}
