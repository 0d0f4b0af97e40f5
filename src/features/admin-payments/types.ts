export interface SquareLocation {
  id: string;
  name: string;
  currency: string | null;
  status: string | null;
  chosen: boolean;
}

/** What the Payments screen shows of the organization's Square account: never a token. */
export interface PaymentSettings {
  connected: boolean;
  /** Without an account of its own, the organization's guests pay into the platform's Square account. */
  platformPayments: boolean;
  merchantId: string | null;
  locationId: string | null;
  locationName: string | null;
  connectedAt: string | null;
  refreshError: string | null;
  /** The platform's fee in basis points (250 = 2.5 %). */
  platformFeeBps: number;
  /** Whether the seller granted the permission the fee needs (PAYMENTS_WRITE_ADDITIONAL_RECIPIENTS). */
  feePermission: boolean;
  canManage: boolean;
  isSuperAdmin: boolean;
  locations: SquareLocation[];
}
