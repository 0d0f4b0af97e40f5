import { useInvalidatingMutation, type MutationCallbacks } from '@/hooks/use-invalidating-mutation';
import { supabase } from '@/lib/supabase';
import { brandingSchema, type BrandingFormValues } from '../schemas';
import { brandingQueryKey } from './get-branding';

const nullable = (v: string) => (v.trim() === '' ? null : v);

/** One row per organization: upsert on org_id; empty values become null, an empty gallery []. */
export async function saveBranding({ orgId, values }: { orgId: string; values: BrandingFormValues }) {
  const v = brandingSchema.parse(values);
  const { error } = await supabase.from('org_branding').upsert(
    {
      org_id: orgId,
      brand_name: nullable(v.brand_name),
      primary_color: v.primary_color,
      secondary_color: v.secondary_color,
      logo_url: nullable(v.logo_url),
      menu_content: nullable(v.menu_content),
      menu_file_url: nullable(v.menu_file_url),
      instagram_url: nullable(v.instagram_url),
      website_url: nullable(v.website_url),
      gallery_images: v.gallery_images.length ? v.gallery_images : [],
      reservation_mode: v.reservation_mode,
      bookings_description: nullable(v.bookings_description),
      empty_state_title: nullable(v.empty_state_title),
      empty_state_message: nullable(v.empty_state_message),
      empty_state_cta_text: nullable(v.empty_state_cta_text),
      empty_state_image_url: nullable(v.empty_state_image_url),
      private_dinners: v.private_dinners,
      private_dinner_note: nullable(v.private_dinner_note),
    },
    { onConflict: 'org_id' },
  );
  if (error) throw error;
}

export function useSaveBranding(orgId: string, options: MutationCallbacks = {}) {
  return useInvalidatingMutation(saveBranding, brandingQueryKey(orgId), options);
}
