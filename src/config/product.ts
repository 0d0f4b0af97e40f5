/**
 * The product's numbers (ticket prices, guest limits, the default deposit…), read from the one
 * file the edge functions import too: supabase/functions/_shared/product.ts (pure constants, no
 * imports). The browser and the server can therefore never disagree on them; the server still
 * decides every amount (the browser shows its quotes).
 */
export * from '../../supabase/functions/_shared/product.ts';
