import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSetPlatformFee } from '../api/set-platform-fee';
import { bpsOf, percentOf } from '../lib';
import { paymentsMessages } from '../messages';
import type { PaymentSettings } from '../types';
import { SubmitForm } from '@/components/forms/submit-form';

/** The platform's fee on the organization's card payments; the super admin sets it. */
export function PlatformFee({ orgId, settings }: { orgId: string; settings: PaymentSettings }) {
  const [percent, setPercent] = useState(String(settings.platformFeeBps / 100));
  const [invalid, setInvalid] = useState(false);
  const save = useSetPlatformFee(orgId, {
    onSuccess: () => toast.success(paymentsMessages.feeSaved),
    onError: (error) => toast.error(paymentsMessages.feeFailed, { description: error.message || paymentsMessages.fallback }),
  });
  const fee = settings.platformFeeBps;
  return (
    <div className="space-y-2 rounded-lg border bg-card p-4">
      <h3 className="text-lg font-semibold">Platform fee</h3>
      <p className="text-sm" data-testid="platform-fee">
        {fee > 0 ? `SupperHost keeps ${percentOf(fee)} of each card payment made to your Square account.` : 'No platform fee.'}
      </p>
      {fee > 0 && settings.connected && !settings.feePermission ? (
        <p className="text-sm text-destructive">Reconnect Square to allow the platform fee: until then it is not taken.</p>
      ) : null}
      {settings.isSuperAdmin ? (
        <SubmitForm
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={() => {
            const bps = bpsOf(percent);
            setInvalid(bps === null);
            if (bps !== null) save.mutate({ orgId, feeBps: bps });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="platform-fee">Platform fee (%)</Label>
            <Input id="platform-fee" inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} aria-invalid={invalid} />
            {invalid ? <p className="text-sm text-destructive">Enter a percentage from 0 to 90</p> : null}
          </div>
          <Button type="submit" variant="outline" disabled={save.isPending}>
            Save fee
          </Button>
        </SubmitForm>
      ) : null}
    </div>
  );
}
