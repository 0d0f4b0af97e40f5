import { z } from 'zod';
import { limits } from '@/config/site';

const urlMessage = 'Enter a full link starting with http:// or https://';
const optionalUrl = z
  .string()
  .trim()
  .max(2048, 'Link is too long')
  .refine((v) => v === '' || /^https?:\/\/[^\s/?#@]+([/?#]\S*)?$/i.test(v), urlMessage);
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Pick a color (#rrggbb)');

/** What a host offers for private dinners, shown above the public request form (org_branding.private_dinner_note's check). */
export const PRIVATE_DINNER_NOTE_MAX = 1000;

export const brandingSchema = z.object({
  brand_name: z.string().trim().max(120, 'Brand name is too long'),
  primary_color: color,
  secondary_color: color,
  logo_url: optionalUrl,
  menu_content: z.string().max(20000, 'Menu is too long'),
  menu_file_url: optionalUrl,
  instagram_url: optionalUrl,
  website_url: optionalUrl,
  gallery_images: z
    .array(
      z
        .string()
        .trim()
        .regex(/^https?:\/\//i, urlMessage),
    )
    .max(limits.galleryMaxImages, `At most ${limits.galleryMaxImages} photos`),
  reservation_mode: z.enum(['reservations', 'rsvp']),
  bookings_description: z.string().max(5000, 'Description is too long'),
  empty_state_title: z.string().trim().max(200, 'Title is too long'),
  empty_state_message: z.string().max(2000, 'Message is too long'),
  empty_state_cta_text: z.string().trim().max(100, 'Button text is too long'),
  empty_state_image_url: optionalUrl,
  private_dinners: z.boolean(),
  private_dinner_note: z.string().trim().max(PRIVATE_DINNER_NOTE_MAX, `What you offer must be at most ${PRIVATE_DINNER_NOTE_MAX} characters`),
});

export type BrandingFormValues = z.infer<typeof brandingSchema>;
