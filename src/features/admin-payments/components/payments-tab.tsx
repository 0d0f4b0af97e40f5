import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { AdminSection } from '@/components/admin/admin-section';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useConnectSquare } from '../api/connect-square';
import { useDisconnectSquare } from '../api/disconnect-square';
import { usePaymentSettings } from '../api/get-payment-settings';
import { paymentsMessages } from '../messages';
import { LocationPicker } from './location-picker';
import { PlatformFee } from './platform-fee';

/**
 * Payments: the organization's own Square account. "Connect Square" goes to Square's authorize
 * page, which sends the browser back here (?square=connected, or ?square=error&message=…);
 * then the owner picks the location guests pay at. "Disconnect" revokes the platform's access.
 */
export function PaymentsTab({ orgId, orgName }: { orgId: string; orgName: string }) {
  const settings = usePaymentSettings(orgId);
  const [params, setParams] = useSearchParams();
  const [returned] = useState(() => ({ outcome: params.get('square'), message: params.get('message') }));
  const [confirming, setConfirming] = useState(false);
  const connect = useConnectSquare({
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => toast.error(paymentsMessages.connectFailed, { description: error.message || paymentsMessages.fallback }),
  });
  const disconnect = useDisconnectSquare(orgId, {
    onSuccess: () => {
      setConfirming(false);
      toast.success(paymentsMessages.disconnected);
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(paymentsMessages.disconnectFailed, { description: error.message || paymentsMessages.fallback });
    },
  });

  useEffect(() => {
    if (returned.outcome === 'connected') toast.success(paymentsMessages.connected, { description: paymentsMessages.connectedDescription });
    if (returned.outcome) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('square');
          next.delete('message');
          return next;
        },
        { replace: true },
      );
    }
  }, [returned, setParams]);

  const data = settings.data;
  return (
    <AdminSection id="payments" title="Payments">
      {returned.outcome === 'error' ? <Alert variant="destructive">{returned.message ?? paymentsMessages.connectFailed}</Alert> : null}
      {settings.isError ? <Alert variant="destructive">{paymentsMessages.loadFailed}</Alert> : null}
      {settings.isPending ? <p className="text-sm text-muted-foreground">Loading the payment settings…</p> : null}
      {data ? (
        <>
          <div className="space-y-3 rounded-lg border bg-card p-4">
            <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold">
              Square {data.connected ? <Badge>Connected</Badge> : <Badge variant="secondary">Not connected</Badge>}
            </h3>
            {data.connected ? (
              <>
                <p className="break-all text-sm">
                  Guests' card payments for {orgName} go to the Square account {data.merchantId}.
                </p>
                <p className="text-sm font-medium" data-testid="square-location">
                  {data.locationName
                    ? `Guests pay at ${data.locationName}.`
                    : 'Choose the location where your guests pay: until then, card payments are off.'}
                </p>
                <LocationPicker key={data.locationId ?? 'none'} orgId={orgId} locations={data.locations} disabled={!data.canManage} />
                {data.refreshError ? <p className="text-sm text-destructive">Square refused to renew access: reconnect Square.</p> : null}
                <Button variant="outline" disabled={!data.canManage} onClick={() => setConfirming(true)}>
                  Disconnect
                </Button>
              </>
            ) : (
              <>
                <p className="text-sm" data-testid="square-not-connected">
                  {data.platformPayments
                    ? `Guests' card payments for ${orgName} are paid into SupperHost's Square account for now. Connect your own Square account to have them paid into it.`
                    : `Connect your own Square account so that guests' card payments for ${orgName} are paid into it. Until then, guests cannot pay by card.`}
                </p>
                <Button disabled={!data.canManage || connect.isPending} onClick={() => connect.mutate(orgId)}>
                  {connect.isPending ? 'Opening Square…' : 'Connect Square'}
                </Button>
              </>
            )}
          </div>
          {/* The platform fee is the owners' business (staff_square_account answers it to them only). */}
          {data.canManage ? <PlatformFee key={data.platformFeeBps} orgId={orgId} settings={data} /> : null}
        </>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Disconnect Square?"
        description={`SupperHost will no longer take card payments into this Square account for ${orgName}.`}
        confirmLabel="Disconnect"
        destructive
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate(orgId)}
      />
    </AdminSection>
  );
}
