import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { PaymentSettings } from '../types';

export const paymentSettingsQueryKey = (orgId: string) => ['admin', orgId, 'payments'] as const;

/** The organization's Square connection, its locations and the platform fee (SQL staff_square_account, staff_square_locations: members only). */
export async function getPaymentSettings(orgId: string): Promise<PaymentSettings> {
  const [account, locations, superAdmin] = await Promise.all([
    supabase.rpc('staff_square_account', { p_org_id: orgId }),
    supabase.rpc('staff_square_locations', { p_org_id: orgId }),
    supabase.rpc('is_super_admin'),
  ]);
  if (account.error) throw new Error(account.error.message);
  if (locations.error) throw new Error(locations.error.message);
  const row = account.data[0];
  return {
    connected: row?.connected ?? false,
    platformPayments: row?.platform_payments ?? false,
    merchantId: row?.merchant_id ?? null,
    locationId: row?.location_id ?? null,
    locationName: row?.location_name ?? null,
    connectedAt: row?.connected_at ?? null,
    refreshError: row?.refresh_error ?? null,
    platformFeeBps: row?.platform_fee_bps ?? 0,
    feePermission: row?.fee_permission ?? false,
    canManage: row?.can_manage ?? false,
    isSuperAdmin: superAdmin.data === true,
    locations: locations.data.map((l) => ({ id: l.id, name: l.name, currency: l.currency, status: l.status, chosen: l.chosen })),
  };
}

export function usePaymentSettings(orgId: string) {
  return useQuery(queryOptions({ queryKey: paymentSettingsQueryKey(orgId), queryFn: () => getPaymentSettings(orgId) }));
}
