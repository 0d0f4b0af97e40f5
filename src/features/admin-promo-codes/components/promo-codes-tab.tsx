import { useEffect } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDeactivatePromoCode } from '../api/deactivate-promo-code';
import { usePromoCodes } from '../api/get-promo-codes';
import { promoDiscount, promoUsage } from '../lib/format';
import { CreatePromoCodeDialog } from './create-promo-code-dialog';

export function PromoCodesTab({ orgId }: { orgId: string }) {
  const codes = usePromoCodes(orgId);
  const deactivate = useDeactivatePromoCode(orgId, {
    onSuccess: () => toast.success('Success', { description: 'Promo code deactivated' }),
    onError: () => toast.error('Error', { description: 'Failed to deactivate promo code' }),
  });

  useEffect(() => {
    if (codes.isError) toast.error('Error', { description: 'Failed to fetch promo codes' });
  }, [codes.isError]);

  return (
    <section aria-labelledby="promo-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="promo-heading" className="font-serif text-2xl font-semibold">
          Promo Codes
        </h2>
        <CreatePromoCodeDialog orgId={orgId} />
      </div>
      {codes.isPending ? <Spinner label="Loading promo codes…" /> : null}
      {codes.isError ? <Alert variant="destructive">Failed to fetch promo codes</Alert> : null}
      {codes.data && codes.data.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">No promo codes yet.</p>
      ) : null}
      {codes.data && codes.data.length > 0 ? (
        <Table aria-label="Promo codes">
          <TableHeader>
            <TableRow>
              <TableHead>Code</TableHead>
              <TableHead>Discount</TableHead>
              <TableHead>Usage</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Created</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {codes.data.map((code) => (
              <TableRow key={code.id}>
                <TableCell className="font-mono font-semibold">{code.code}</TableCell>
                <TableCell>{promoDiscount(code)}</TableCell>
                <TableCell className="tabular-nums">{promoUsage(code)}</TableCell>
                <TableCell>{code.active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>}</TableCell>
                <TableCell className="whitespace-nowrap">{new Date(code.created_at).toLocaleDateString('en-US', { dateStyle: 'medium' })}</TableCell>
                <TableCell className="text-right">
                  {code.active ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={deactivate.isPending}
                      onClick={() => deactivate.mutate(code.id)}
                      aria-label={`Deactivate ${code.code}`}
                    >
                      Deactivate
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </section>
  );
}
