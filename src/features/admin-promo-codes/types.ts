export interface PromoCode {
  id: string;
  org_id: string;
  code: string;
  discount_type: 'percent' | 'fixed';
  /** percent number, or cents for fixed */
  discount_amount: number;
  times_redeemed: number;
  max_uses: number | null;
  active: boolean;
  /** Optional validity window (ISO); outside it the code is refused like an unknown one. */
  starts_at: string | null;
  ends_at: string | null;
  /** When set, the code applies only to these events. */
  event_ids: string[] | null;
  created_at: string;
}
