import { describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { hexToHslVar } from '../src/features/org-page/lib/theme';
import { expectToast, newPage, viewports } from './support/browser';
import { seriousViolations } from './support/axe';
import { createEvent, createOrg, createTicketType, futureDate } from '../tests/support/fixtures';

/** 'Saturday, November 28, 2026' for a YYYY-MM-DD calendar date. */
function longDate(yyyyMmDd: string): string {
  const [y, m, d] = yyyyMmDd.split('-').map(Number);
  return new Date(y, m - 1, d, 12).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
}

async function brandedOrg() {
  const site = stackEnv().siteUrl;
  const images = Array.from({ length: 9 }, (_, i) => `${site}/favicon.svg?photo=${i}`);
  const org = await createOrg({
    name: 'Copper Pot LLC',
    branding: {
      brand_name: 'The Copper Pot',
      primary_color: '#1e3a8a',
      secondary_color: '#fde047',
      logo_url: `${site}/favicon.svg?logo`,
      menu_content: 'Five courses\nServed family style',
      menu_file_url: 'https://example.com/menu.pdf',
      instagram_url: 'https://instagram.com/copperpot',
      website_url: 'https://copperpot.example.com',
      gallery_images: images,
      bookings_description: 'Seasonal suppers at a long copper table.',
    },
  });
  const full = futureDate(10);
  const limited = futureDate(20);
  const open = futureDate(30);
  const fullEvent = (await createEvent(org.id, { title: 'Sold Out Supper', date: full })).id;
  await createTicketType(fullEvent, { name: 'Dinner', price: 9000, quantity: 0 });
  const limitedEvent = (
    await createEvent(org.id, {
      title: 'Almost Gone Supper',
      date: limited,
      event_time: '18:30',
      event_timezone: 'America/Los_Angeles',
      location_name: 'Copper Pot Loft',
      location_address: '12 Market St, San Francisco, CA',
      event_details_disclosures: 'No refunds.\nArrive 10 minutes early.',
    })
  ).id;
  await createTicketType(limitedEvent, { name: 'Dinner', price: 9000, quantity: 2 });
  const openEvent = (await createEvent(org.id, { title: 'Plenty Supper', date: open })).id;
  await createTicketType(openEvent, { name: 'Dinner', price: 9000, quantity: 40 });
  const past = (await createEvent(org.id, { title: 'Yesterday Supper', date: futureDate(-2) })).id;
  await createTicketType(past, { name: 'Dinner', price: 9000, quantity: 5 });
  const inactive = (await createEvent(org.id, { title: 'Hidden Supper', date: futureDate(15), is_active: false })).id;
  await createTicketType(inactive, { name: 'Dinner', price: 9000, quantity: 5 });
  return { org, images, dates: { full, limited, open } };
}

describe('organization page /{orgSlug}', () => {
  it('renders hero, menu, gallery and the upcoming events from one round trip', async () => {
    const { org, images, dates } = await brandedOrg();
    const { page } = await newPage();
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rest/v1/') || r.url().includes('/functions/v1/') || r.url().includes('/auth/v1/')) apiCalls.push(r.url());
    });
    await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
    await page.getByRole('heading', { level: 1, name: 'The Copper Pot' }).waitFor();
    await page.getByRole('heading', { name: 'Upcoming Experiences' }).waitFor();

    // One call for the whole page.
    expect(apiCalls).toEqual([expect.stringMatching(/\/rest\/v1\/rpc\/get_public_org_page$/)]);

    await expect.poll(() => page.title()).toBe('The Copper Pot | SupperHost');
    expect(await page.locator('meta[name="description"]').last().getAttribute('content')).toBe('Seasonal suppers at a long copper table.');
    expect(await page.getByText('Seasonal suppers at a long copper table.').first().isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'The Copper Pot logo' }).getAttribute('src')).toBe(`${stackEnv().siteUrl}/favicon.svg?logo`);
    expect(await page.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe('https://instagram.com/copperpot');
    expect(await page.getByRole('link', { name: 'Website' }).getAttribute('href')).toBe('https://copperpot.example.com');

    // Menu: the text with its line breaks, and the file link.
    const menu = page.locator('section[aria-labelledby="menu-heading"]');
    expect(await menu.locator('p').first().innerText()).toBe('Five courses\nServed family style');
    expect(await page.getByRole('link', { name: 'View Full Menu' }).getAttribute('href')).toBe('https://example.com/menu.pdf');

    // Gallery: the images after the first (the hero), lazy, with alt text.
    const gallery = page.locator('section[aria-labelledby="gallery-heading"] img');
    expect(await gallery.count()).toBe(8);
    expect(await gallery.evaluateAll((els) => els.map((e) => e.getAttribute('src')))).toEqual(images.slice(1));
    expect(await gallery.first().getAttribute('loading')).toBe('lazy');
    expect(await gallery.first().getAttribute('alt')).toBe('The Copper Pot gallery photo 1');

    // Events: only upcoming active ones, soonest first, with date, time in the event's zone, badge and button.
    const cards = page.getByTestId('event-card');
    expect(await cards.locator('h3').allTextContents()).toEqual(['Sold Out Supper', 'Almost Gone Supper', 'Plenty Supper']);
    const [fullCard, limitedCard, openCard] = [cards.nth(0), cards.nth(1), cards.nth(2)];
    expect(await fullCard.textContent()).toContain('Fully Booked');
    expect(await fullCard.getByRole('button', { name: 'Fully Booked' }).isDisabled()).toBe(true);
    expect(await fullCard.textContent()).toContain(longDate(dates.full));
    expect(await limitedCard.textContent()).toContain('2 spots left');
    expect(await limitedCard.textContent()).toContain(longDate(dates.limited));
    expect(await limitedCard.textContent()).toMatch(/6:30 PM P[SD]T/);
    expect(await limitedCard.textContent()).toContain('Copper Pot Loft');
    expect(await limitedCard.textContent()).toContain('12 Market St, San Francisco, CA');
    expect(await limitedCard.getByText('No refunds.').innerText()).toBe('No refunds.\nArrive 10 minutes early.');
    expect(await openCard.textContent()).toContain('40 available');
    expect(await openCard.getByRole('button', { name: 'Reserve Your Spot' }).isEnabled()).toBe(true);

    // The first event with availability is preselected; a card's button selects its event.
    await page.getByRole('heading', { name: 'Reserve: Almost Gone Supper' }).waitFor();
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Ticket type').selectOption({ label: 'Dinner - $90.00 per person (2 available)' });
    await page.getByLabel('Number of guests').selectOption('2');
    await openCard.getByRole('button', { name: 'Reserve Your Spot' }).click();
    await page.getByRole('heading', { name: 'Reserve: Plenty Supper' }).waitFor();
    // Changing the event clears the ticket type and guests (the guest's name stays).
    expect(await page.getByLabel('Ticket type').inputValue()).toBe('');
    expect(await page.getByLabel('Number of guests').count()).toBe(0);
    expect(await page.getByLabel('Full name').inputValue()).toBe('Ada Lovelace');
    await page.waitForFunction(() => {
      const r = document.getElementById('booking')!.getBoundingClientRect();
      return r.top < window.innerHeight && r.bottom > 0;
    });
  });

  it("applies the organization's colors and the light theme while open, and restores them on leave", async () => {
    const { org } = await brandedOrg();
    const { page } = await newPage();
    // Start elsewhere in the app with the dark theme on, then open the page client-side.
    await page.goto(`${stackEnv().siteUrl}/`);
    await page.locator('#root *').first().waitFor();
    const navigate = (path: string) =>
      page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await navigate(`/${org.slug}`);
    await page.getByRole('heading', { level: 1, name: 'The Copper Pot' }).waitFor();
    const theme = () =>
      page.evaluate(() => ({
        primary: document.documentElement.style.getPropertyValue('--primary'),
        secondary: document.documentElement.style.getPropertyValue('--secondary'),
        dark: document.documentElement.classList.contains('dark'),
        scheme: document.documentElement.style.colorScheme,
      }));
    expect(await theme()).toEqual({ primary: hexToHslVar('#1e3a8a'), secondary: hexToHslVar('#fde047'), dark: false, scheme: 'light' });
    // The brand color really paints the primary button.
    const bg = await page
      .getByRole('button', { name: 'Reserve Your Spot' })
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    // #1e3a8a = rgb(30, 58, 138), give or take the HSL rounding.
    const [r, g, b] = bg.match(/\d+/g)!.map(Number);
    expect(Math.abs(r - 30) + Math.abs(g - 58) + Math.abs(b - 138)).toBeLessThanOrEqual(3);

    // Leave the page inside the app (client-side navigation).
    await navigate('/');
    await page.waitForFunction(() => !document.documentElement.style.getPropertyValue('--primary'));
    expect(await theme()).toEqual({ primary: '', secondary: '', dark: true, scheme: '' });
  });

  it('uses the RSVP wording in RSVP mode', async () => {
    const org = await createOrg({ name: 'RSVP House', branding: { reservation_mode: 'rsvp' } });
    await createEvent(org.id, { title: 'Deposit Dinner', rsvp_mode: true, deposit_amount: 500, max_guests: 10 });
    const { page } = await newPage();
    await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
    await page.getByRole('button', { name: 'View Events & RSVP' }).waitFor();
    expect(await page.getByRole('button', { name: 'Book Your Experience' }).count()).toBe(0);
    await page.getByRole('button', { name: 'RSVP - $5.00 deposit' }).waitFor();
    await page.getByRole('heading', { name: 'RSVP: Deposit Dinner' }).waitFor();
  });

  it('shows the configurable empty state, or its default title', async () => {
    const custom = await createOrg({
      name: 'Quiet Kitchen',
      branding: {
        empty_state_title: 'Back in the spring',
        empty_state_message: 'We are resting the ovens.',
        empty_state_cta_text: 'Follow us',
        instagram_url: 'https://instagram.com/quiet',
      },
    });
    const bare = await createOrg({ name: 'Bare Kitchen', branding: null });
    const { page } = await newPage();
    await page.goto(`${stackEnv().siteUrl}/${custom.slug}`);
    await page.getByRole('heading', { name: 'Back in the spring' }).waitFor();
    expect(await page.getByText('We are resting the ovens.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Follow us' }).getAttribute('href')).toBe('https://instagram.com/quiet');
    expect(await page.locator('#booking').count()).toBe(0);

    await page.goto(`${stackEnv().siteUrl}/${bare.slug}`);
    await page.getByRole('heading', { name: 'New Experiences Coming Soon' }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: 'Bare Kitchen' }).isVisible()).toBe(true);
  });

  it("shows 'Loading reservation page...' while loading, then 'Organization Not Found' for an unknown slug", async () => {
    const { page } = await newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/rpc/get_public_org_page', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stackEnv().siteUrl}/no-such-org-${Date.now()}`);
    await page.getByText('Loading reservation page...').waitFor();
    release();
    await page.getByRole('heading', { name: 'Organization Not Found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    await expectToast(page, 'Organization not found', 'Please check the URL and try again.');
  });

  it("says 'Error loading page' when the data cannot be loaded", async () => {
    const { org } = await brandedOrg();
    const { page } = await newPage();
    await page.route('**/rest/v1/rpc/get_public_org_page', (route) => route.abort('connectionrefused'));
    await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
    await expectToast(page, 'Error loading page', 'Unable to load organization data. Please try again.');
    await page.getByRole('heading', { name: 'Organization Not Found' }).waitFor();
  });

  it('has no serious accessibility violations at 375 px and 1280 px', async () => {
    const { org } = await brandedOrg();
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const { page } = await newPage({ viewport });
      await page.goto(`${stackEnv().siteUrl}/${org.slug}`);
      await page.getByRole('heading', { name: 'Reserve: Almost Gone Supper' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
});
