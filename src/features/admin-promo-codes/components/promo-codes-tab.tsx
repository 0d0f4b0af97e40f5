import { useState } from 'react';
import { when } from '@/lib/when';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { DataTable } from '@/components/ui/data-table';
import { useSetPromoCodeActive } from '../api/set-promo-code-active';
import { usePromoCodes } from '../api/get-promo-codes';
import { promoDiscount, promoStatus, promoUsage } from '../lib/format';
import type { PromoCode } from '../types';
import { EditPromoCodeDialog } from './edit-promo-code-dialog';
import { CreatePromoCodeDialog } from './create-promo-code-dialog';
import { AdminSection } from '@/components/admin/admin-section';
import { QueryStatus } from '@/components/admin/query-status';
import { withReason } from '@/lib/error-reason';

export function PromoCodesTab({ orgId }: { orgId: string }) {
  const codes = usePromoCodes(orgId);
  const [editing, setEditing] = useState<PromoCode | null>(null);
  const setActive = useSetPromoCodeActive(orgId, {
    onSuccess: (_, { active }) => toast.success('Success', { description: active ? 'Promo code reactivated' : 'Promo code deactivated' }),
    onError: (error) => toast.error('Error', { description: withReason('Failed to update promo code', error) }),
  });

  return (
    <AdminSection id="promo" title="Promo Codes" actions={<CreatePromoCodeDialog orgId={orgId} />}>
      <QueryStatus query={codes} loading="Loading promo codes…" failed="Failed to fetch promo codes" empty="No promo codes yet." toast>
        {(promoCodes) => (
          <DataTable label="Promo codes" columns={['Code', 'Discount', 'Usage', 'Status', 'Created', 'Actions']} rightAligned={['Actions']}>
            {promoCodes.map((code) => (
              <TableRow key={code.id}>
                <TableCell className="font-mono font-semibold">{code.code}</TableCell>
                <TableCell>{promoDiscount(code)}</TableCell>
                <TableCell className="tabular-nums">{promoUsage(code)}</TableCell>
                <TableCell>
                  <StatusBadge code={code} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{new Date(code.created_at).toLocaleDateString('en-US', { dateStyle: 'medium' })}</TableCell>
                <TableCell className="text-right">
                  <div className="flex flex-wrap justify-end gap-1">
                    <Button variant="ghost" size="sm" onClick={() => setEditing(code)} aria-label={`Edit ${code.code}`}>
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={setActive.isPending}
                      onClick={() => setActive.mutate({ id: code.id, active: !code.active })}
                      aria-label={`${code.active ? 'Deactivate' : 'Reactivate'} ${code.code}`}
                    >
                      {code.active ? 'Deactivate' : 'Reactivate'}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
        )}
      </QueryStatus>
      {editing ? <EditPromoCodeDialog orgId={orgId} code={editing} onClose={() => setEditing(null)} /> : null}
    </AdminSection>
  );
}

function StatusBadge({ code }: { code: PromoCode }) {
  const status = promoStatus(code);
  const at = (iso: string | null) => (iso ? when(iso) : '');
  if (status === 'Active') return <Badge variant="success">{code.ends_at ? `Active until ${at(code.ends_at)}` : 'Active'}</Badge>;
  if (status === 'Scheduled') return <Badge variant="secondary">{`Starts ${at(code.starts_at)}`}</Badge>;
  if (status === 'Ended') return <Badge variant="secondary">{`Ended ${at(code.ends_at)}`}</Badge>;
  return <Badge variant="secondary">Inactive</Badge>;
}
