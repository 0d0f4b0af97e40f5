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
  created_at: string;
}
