export interface OrgBranding {
  org_id: string;
  brand_name: string | null;
  primary_color: string;
  secondary_color: string;
  logo_url: string | null;
  menu_content: string | null;
  menu_file_url: string | null;
  instagram_url: string | null;
  website_url: string | null;
  gallery_images: string[];
  reservation_mode: 'reservations' | 'rsvp';
  bookings_description: string | null;
  empty_state_title: string | null;
  empty_state_message: string | null;
  empty_state_cta_text: string | null;
  empty_state_image_url: string | null;
}

export const defaultColors = { primary: '#3b82f6', secondary: '#e5e7eb' } as const;
