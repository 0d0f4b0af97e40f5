import { describe, expect, it } from 'vitest';
import { isAlreadyRegistered } from '../../src/features/auth/messages';
import { signUpSchema } from '../../src/features/auth/schemas';
import { promoDiscount, promoUsage } from '../../src/features/admin-promo-codes/lib/format';
import { createPromoCodeSchema } from '../../src/features/admin-promo-codes/schemas';
import { defaultGuestEmail } from '../../src/features/admin-reservations/messages';
import { guestEmailSchema } from '../../src/features/admin-reservations/schemas';
import { brandingSchema } from '../../src/features/admin-branding/schemas';

describe('auth messages', () => {
  it("recognises 'already registered' and 'user_repeated_signup'", () => {
    expect(isAlreadyRegistered('User already registered')).toBe(true);
    expect(isAlreadyRegistered('user_repeated_signup')).toBe(true);
    expect(isAlreadyRegistered('Invalid login credentials')).toBe(false);
    expect(isAlreadyRegistered(undefined)).toBe(false);
  });

  it('sign-up needs a valid email and an 8+ character password', () => {
    expect(signUpSchema.safeParse({ email: 'a@b.co', password: '1234567' }).success).toBe(false);
    expect(signUpSchema.safeParse({ email: ' a@b.co ', password: '12345678' }).data?.email).toBe('a@b.co');
  });
});

describe('guest email', () => {
  it("defaults to 'Regarding your reservation' / 'Regarding your RSVP' and a greeting signed by the team", () => {
    const reservation = defaultGuestEmail({ name: 'Grace Hopper', rsvp_slot_id: null }, 'Eat At Home');
    expect(reservation.subject).toBe('Regarding your reservation');
    expect(reservation.message.startsWith('Hi Grace,')).toBe(true);
    expect(reservation.message.endsWith('Best regards,\nThe Eat At Home Team')).toBe(true);
    expect(defaultGuestEmail({ name: 'Rosa', rsvp_slot_id: 'slot-1' }, 'X').subject).toBe('Regarding your RSVP');
  });

  it('needs a recipient, a subject and a message', () => {
    const result = guestEmailSchema.safeParse({ email: '', subject: ' ', message: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual(['Recipient is required', 'Subject is required', 'Message is required']);
  });
});

describe('promo codes', () => {
  it("shows usage as 'redeemed / max' or unlimited", () => {
    expect(promoUsage({ times_redeemed: 3, max_uses: 10 })).toBe('3 / 10');
    expect(promoUsage({ times_redeemed: 0, max_uses: null })).toBe('0 / unlimited');
    expect(promoDiscount({ discount_type: 'percent', discount_amount: 15 })).toBe('15% off');
    expect(promoDiscount({ discount_type: 'fixed', discount_amount: 1250 })).toBe('$12.50 off');
  });

  it('upper-cases codes and checks the amount for its type', () => {
    expect(createPromoCodeSchema.parse({ code: ' spring10 ', discountType: 'percent', amount: '10', maxUses: '' }).code).toBe('SPRING10');
    expect(createPromoCodeSchema.safeParse({ code: 'X', discountType: 'percent', amount: '120', maxUses: '' }).success).toBe(false);
    expect(createPromoCodeSchema.safeParse({ code: 'X', discountType: 'fixed', amount: '12.505', maxUses: '' }).success).toBe(false);
    expect(createPromoCodeSchema.safeParse({ code: 'TWO WORDS', discountType: 'fixed', amount: '5', maxUses: '' }).success).toBe(false);
  });
});

describe('branding form', () => {
  const valid = {
    brand_name: '',
    primary_color: '#3b82f6',
    secondary_color: '#e5e7eb',
    logo_url: '',
    menu_content: '',
    menu_file_url: '',
    instagram_url: '',
    website_url: '',
    gallery_images: [],
    reservation_mode: 'reservations' as const,
    bookings_description: '',
    empty_state_title: '',
    empty_state_message: '',
    empty_state_cta_text: '',
    empty_state_image_url: '',
    private_dinners: false,
    private_dinner_note: '',
  };

  it('accepts empty links and http(s) links only', () => {
    expect(brandingSchema.safeParse(valid).success).toBe(true);
    expect(brandingSchema.safeParse({ ...valid, website_url: 'https://example.com/a?b=1' }).success).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'ftp://x.example', 'https://']) {
      expect(brandingSchema.safeParse({ ...valid, website_url: bad }).success, bad).toBe(false);
    }
  });

  it('holds at most 9 gallery photos and #rrggbb colors', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `https://img.example/${i}.png`);
    expect(brandingSchema.safeParse({ ...valid, gallery_images: ten.slice(0, 9) }).success).toBe(true);
    expect(brandingSchema.safeParse({ ...valid, gallery_images: ten }).success).toBe(false);
    expect(brandingSchema.safeParse({ ...valid, primary_color: 'blue' }).success).toBe(false);
  });

  it("holds a private dinner note of at most 1000 characters (the column's check)", () => {
    expect(brandingSchema.safeParse({ ...valid, private_dinners: true, private_dinner_note: 'x'.repeat(1000) }).success).toBe(true);
    const long = brandingSchema.safeParse({ ...valid, private_dinners: true, private_dinner_note: 'x'.repeat(1001) });
    expect(long.error?.issues[0].message).toBe('What you offer must be at most 1000 characters');
  });
});
