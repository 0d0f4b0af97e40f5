import { useEffect } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { DataTable } from '@/components/ui/data-table';
import { useDeactivatePromoCode } from '../api/deactivate-promo-code';
import { usePromoCodes } from '../api/get-promo-codes';
import { promoDiscount, promoUsage } from '../lib/format';
import { CreatePromoCodeDialog } from './create-promo-code-dialog';
import { AdminSection } from '@/components/admin/admin-section';
import { QueryStatus } from '@/components/admin/query-status';
import { withReason } from '@/lib/error-reason';

export function PromoCodesTab({ orgId }: { orgId: string }) {
  const codes = usePromoCodes(orgId);
  const deactivate = useDeactivatePromoCode(orgId, {
    onSuccess: () => toast.success('Success', { description: 'Promo code deactivated' }),
    onError: (error) => toast.error('Error', { description: withReason('Failed to deactivate promo code', error) }),
  });

  useEffect(() => {
    if (codes.isError) toast.error('Error', { description: 'Failed to fetch promo codes' });
  }, [codes.isError]);

  return (
    <AdminSection id="promo" title="Promo Codes" actions={<CreatePromoCodeDialog orgId={orgId} />}>
      <QueryStatus query={codes} loading="Loading promo codes…" failed="Failed to fetch promo codes" empty="No promo codes yet." />
      {codes.data && codes.data.length > 0 ? (
        <DataTable label="Promo codes" columns={['Code', 'Discount', 'Usage', 'Status', 'Created', 'Actions']} rightAligned={['Actions']}>
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
        </DataTable>
      ) : null}
    </AdminSection>
  );
}
