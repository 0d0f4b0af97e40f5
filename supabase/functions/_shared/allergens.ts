/**
 * The allergens a guest can tick for their seat: the 14 that UK and EU food law (Regulation (EU)
 * No 1169/2011, Annex II) requires a kitchen to declare. The keys are what the database stores
 * (public.allergen_keys(), supabase/schemas/078_seats.sql); the labels are what guests and staff read.
 */
export const ALLERGENS = [
  { key: 'celery', label: 'Celery' },
  { key: 'gluten', label: 'Cereals containing gluten' },
  { key: 'crustaceans', label: 'Crustaceans' },
  { key: 'eggs', label: 'Eggs' },
  { key: 'fish', label: 'Fish' },
  { key: 'lupin', label: 'Lupin' },
  { key: 'milk', label: 'Milk' },
  { key: 'molluscs', label: 'Molluscs' },
  { key: 'mustard', label: 'Mustard' },
  { key: 'tree_nuts', label: 'Tree nuts' },
  { key: 'peanuts', label: 'Peanuts' },
  { key: 'sesame', label: 'Sesame' },
  { key: 'soya', label: 'Soya' },
  { key: 'sulphites', label: 'Sulphur dioxide and sulphites' },
] as const;

/** The label of a stored key (the key itself for one this list does not know). */
export function allergenLabel(key: string): string {
  return ALLERGENS.find((a) => a.key === key)?.label ?? key;
}

/** A guest's needs in one line: their allergens' labels, then what they wrote ('' when none). */
export function needsText(allergens: readonly string[] | null, notes: string | null): string {
  return [(allergens ?? []).map(allergenLabel).join(', '), notes?.trim() ?? ''].filter(Boolean).join(' · ');
}
