import { deflateSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackEnv } from '../tests/support/stack-env';
import { seriousViolations } from './support/axe';
import { adminPage, expectToast, newPage, openAdmin, signInThroughUi, viewports } from './support/browser';
import { serviceClient } from '../tests/support/db';
import { createOrg, createStaff, type Org, type Staff } from '../tests/support/fixtures';
import { createStaffOrg } from '../tests/support/staff-org';

// A real (tiny) PNG of one color, so browsers can decode and show it.
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(r: number, g: number, b: number, size = 8): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolor
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const GIF = Buffer.from('47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b', 'hex');

let staff: Staff;
let org: Org;
let db: pg.Client;

beforeAll(async () => {
  ({ staff, org } = await createStaffOrg('brand', { name: 'Branding Test Bistro' }));
  db = new pg.Client({ connectionString: stackEnv().dbUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
});

async function branding() {
  const { data } = await serviceClient().from('org_branding').select('*').eq('org_id', org.id).maybeSingle();
  return data;
}

describe('branding (desktop)', () => {
  it('uploads a logo and three gallery photos, saves, and the public page shows them', async () => {
    const { apiUrl, siteUrl } = stackEnv();
    const { page } = await adminPage(staff, org.id, 'settings-branding');
    await page.getByRole('heading', { name: 'Branding', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Preview Page' }).getAttribute('href')).toBe(`/${org.slug}`);
    expect(await page.getByLabel('Primary color', { exact: true }).inputValue()).toBe('#3b82f6');
    expect(await page.getByLabel('Secondary color', { exact: true }).inputValue()).toBe('#e5e7eb');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Brand name').fill('Bistro Bright');
    await page.getByLabel('Primary color', { exact: true }).fill('#112233');
    await page.getByLabel('Website URL').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save Branding' }).click();
    await page.getByText('Enter a full link starting with http:// or https://').waitFor();
    expect(await branding()).toBeNull(); // nothing saved while a link is invalid
    await page.getByLabel('Website URL').fill('https://bistro.example.com');

    await page.getByLabel('Upload logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(200, 30, 30) });
    await expectToast(page, 'Upload successful');
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await page.getByLabel('Upload gallery photos').setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: png(10, 120, 10) },
      { name: 'two.png', mimeType: 'image/png', buffer: png(10, 10, 160) },
      { name: 'three.png', mimeType: 'image/png', buffer: png(160, 160, 10) },
    ]);
    await page.getByText('(3 / 9)').waitFor();
    await page.getByRole('button', { name: 'Save Branding' }).click();
    await expectToast(page, 'Branding saved');

    const saved = await branding();
    const prefix = `${apiUrl}/storage/v1/object/public/org-assets/${org.id}`;
    expect(saved).toMatchObject({
      brand_name: 'Bistro Bright',
      primary_color: '#112233',
      website_url: 'https://bistro.example.com',
      menu_content: null,
      instagram_url: null,
    });
    expect(saved!.logo_url).toMatch(new RegExp(`^${prefix}/logos/\\d+-[a-z0-9]+\\.png$`));
    expect(saved!.gallery_images).toHaveLength(3);
    for (const url of saved!.gallery_images as string[]) expect(url).toMatch(new RegExp(`^${prefix}/gallery/\\d+-[a-z0-9]+\\.png$`));
    // Stored with a one-hour cache.
    const { rows } = await db.query(`select metadata from storage.objects where bucket_id = 'org-assets' and name like $1`, [`${org.id}/%`]);
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(r.metadata.cacheControl).toBe('max-age=3600');

    // The public page: the logo, the first photo as the hero, the others in the gallery, all loaded.
    const pub = await newPage();
    await pub.page.goto(`${siteUrl}/${org.slug}`);
    const logo = pub.page.getByRole('img', { name: 'Bistro Bright logo' });
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toBe(saved!.logo_url);
    const gallery = pub.page.locator('section[aria-labelledby="gallery-heading"] img');
    await gallery.first().waitFor();
    expect(await gallery.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')))).toEqual(saved!.gallery_images.slice(1));
    await expect.poll(() => logo.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(8);
    await pub.close();
  });

  it('reorders and removes gallery photos', async () => {
    const before = (await branding())!.gallery_images as string[];
    const { page } = await adminPage(staff, org.id, 'settings-branding');
    await page.getByText('(3 / 9)').waitFor();
    await page.getByRole('button', { name: 'Move photo 3 earlier' }).click();
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await page.getByText('(2 / 9)').waitFor();
    await page.getByRole('button', { name: 'Save Branding' }).click();
    await expectToast(page, 'Branding saved');
    expect((await branding())!.gallery_images).toEqual([before[2], before[1]]);
  });

  it('empty values are saved as null and an empty gallery as []', async () => {
    const { page } = await adminPage(staff, org.id, 'settings-branding');
    await page.getByText('(2 / 9)').waitFor();
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await page.getByLabel('Brand name').fill('');
    await page.getByRole('button', { name: 'Save Branding' }).click();
    await expectToast(page, 'Branding saved');
    const saved = await branding();
    expect(saved!.gallery_images).toEqual([]);
    expect(saved!.brand_name).toBeNull();
    expect(saved!.logo_url).not.toBeNull();
  });
});

describe('branding drag and drop', () => {
  it('takes a file dropped on the drop area', async () => {
    const { page } = await adminPage(staff, org.id, 'settings-branding');
    const drop = page.getByTestId('drop-misc');
    await drop.waitFor();
    const dataTransfer = await page.evaluateHandle(
      (bytes) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(bytes)], 'empty-state.png', { type: 'image/png' }));
        return dt;
      },
      [...png(90, 90, 200)],
    );
    await drop.dispatchEvent('dragover', { dataTransfer });
    await drop.dispatchEvent('drop', { dataTransfer });
    await expectToast(page, 'Upload successful');
    const url = await page.getByLabel('Empty state image URL').inputValue();
    expect(url).toMatch(new RegExp(`/org-assets/${org.id}/misc/\\d+-[a-z0-9]+\\.png$`));
    await page.getByRole('button', { name: 'Save Branding' }).click();
    await expectToast(page, 'Branding saved');
    expect((await branding())!.empty_state_image_url).toBe(url);
  });
});

/** An EXIF block as a phone camera writes one: the orientation (6: turn 90° clockwise to show) and a GPS position. */
function exifSegment(marker: string): Buffer {
  const entry = (tag: number, type: number, count: number, value: Buffer) => {
    const e = Buffer.alloc(12);
    e.writeUInt16BE(tag, 0);
    e.writeUInt16BE(type, 2);
    e.writeUInt32BE(count, 4);
    value.copy(e, 8);
    return e;
  };
  const short = (n: number) => Buffer.from([n >> 8, n & 0xff, 0, 0]);
  const long = (n: number) => Buffer.from([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
  const count = (n: number) => Buffer.from([0, n]);
  // TIFF header, IFD0 at 8 (orientation, GPS IFD pointer) and the GPS IFD at 38 (latitude ref 'N').
  const tiff = Buffer.concat([
    Buffer.from('4d4d002a00000008', 'hex'),
    count(2),
    entry(0x0112, 3, 1, short(6)),
    entry(0x8825, 4, 1, long(38)),
    long(0),
    count(1),
    entry(0x0001, 2, 2, Buffer.from('N\0\0\0', 'latin1')),
    long(0),
    Buffer.from(marker, 'latin1'),
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length + 2);
  return Buffer.concat([Buffer.from([0xff, 0xe1]), length, body]);
}

describe('photos as they are stored', () => {
  it('scales a camera photo down, upright and without its location; a large logo to 512 px', async () => {
    const { staff: photoStaff, org: photoOrg } = await createStaffOrg('brand-photo', { name: 'Photo Size Bistro' });
    const { page } = await adminPage(photoStaff, photoOrg.id, 'settings-branding');
    await page.getByRole('heading', { name: 'Branding', exact: true }).waitFor();
    // A 3000 × 2000 JPEG drawn by the browser, with a camera's EXIF block put in after its start marker.
    const drawn = await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(3000, 2000);
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, 3000, 2000);
      gradient.addColorStop(0, '#b45309');
      gradient.addColorStop(1, '#1e3a8a');
      context.fillStyle = gradient;
      context.fillRect(0, 0, 3000, 2000);
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 })).arrayBuffer());
      let text = '';
      for (const b of bytes) text += String.fromCharCode(b);
      return btoa(text);
    });
    const jpeg = Buffer.from(drawn, 'base64');
    const marker = 'SUPPERHOST-GPS-40.6782N';
    const camera = Buffer.concat([jpeg.subarray(0, 2), exifSegment(marker), jpeg.subarray(2)]);

    await page.getByLabel('Upload gallery photos').setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: camera });
    await page.getByText('(1 / 9)').waitFor();
    await page.getByLabel('Upload logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(20, 60, 90, 2000) });
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await page.getByRole('button', { name: 'Save Branding' }).click();
    await expectToast(page, 'Branding saved');

    const { data: saved } = await serviceClient().from('org_branding').select('logo_url, gallery_images').eq('org_id', photoOrg.id).single();
    const [photoUrl] = saved!.gallery_images as string[];
    expect(photoUrl).toMatch(/\.jpg$/);
    const stored = Buffer.from(await (await fetch(photoUrl)).arrayBuffer());
    expect(stored.includes(Buffer.from(marker))).toBe(false);
    expect(stored.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(stored.length).toBeLessThan(camera.length);
    // Shown upright (the orientation applied: 2000 × 3000), then scaled to 2400 px on its long side.
    const size = (url: string) =>
      page.evaluate(async (u) => {
        const bitmap = await createImageBitmap(await (await fetch(u)).blob());
        return [bitmap.width, bitmap.height];
      }, url);
    expect(await size(photoUrl)).toEqual([1600, 2400]);
    expect(await size(saved!.logo_url!)).toEqual([512, 512]);
    const { rows } = await db.query(`select metadata->>'mimetype' as type from storage.objects where name like $1 order by name`, [
      `${photoOrg.id}/%`,
    ]);
    expect(rows.map((r) => r.type)).toEqual(['image/jpeg', 'image/png']);
  });
});

describe('branding uploads refused (mobile)', () => {
  it("refuses an 11 MB file and a GIF with the product's messages, in the drop area", async () => {
    const phoneStaff = await createStaff('brand-phone');
    const phoneOrg = await createOrg({ name: 'Phone Brand Co', members: [phoneStaff] });
    const { page } = await newPage({ viewport: viewports.phone });
    await signInThroughUi(page, phoneStaff.email, phoneStaff.password);
    // Settings → Branding through the mobile Settings tab.
    await openAdmin(page, phoneOrg.id, 'settings');
    await page.getByRole('button', { name: 'Branding' }).click();
    await page.getByRole('heading', { name: 'Branding', exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('settings-branding');

    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    await page.getByLabel('Upload gallery photos').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await page.getByTestId('drop-gallery').getByRole('alert').filter({ hasText: 'File size must be less than 10MB' }).waitFor();

    await page.getByLabel('Upload logo').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: GIF });
    await page.getByTestId('drop-logos').getByRole('alert').filter({ hasText: 'File type image/gif not allowed for logos' }).waitFor();
    await page.getByLabel('Upload gallery photos').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: GIF });
    await page.getByTestId('drop-gallery').getByRole('alert').filter({ hasText: 'File type image/gif not allowed for gallery' }).waitFor();

    // Nothing reached storage.
    const { rows } = await db.query(`select count(*)::int as n from storage.objects where name like $1`, [`${phoneOrg.id}/%`]);
    expect(rows[0].n).toBe(0);
  });
});

describe('branding that cannot be loaded', () => {
  it('offers no Save (it would overwrite the stored branding with defaults); Retry loads the form', async () => {
    const failStaff = await createStaff('brand-fail');
    const failOrg = await createOrg({ name: 'Unreadable Brand Co', members: [failStaff] });
    const stored = await serviceClient().from('org_branding').insert({ org_id: failOrg.id, brand_name: 'Stored Brand', primary_color: '#123456' });
    expect(stored.error).toBeNull();
    const { page } = await newPage();
    await signInThroughUi(page, failStaff.email, failStaff.password);
    // Every read of the branding fails at the network until unblocked (the query's retry included).
    let blocked = true;
    let aborted = 0;
    await page.route(
      (url) => url.pathname.endsWith('/rest/v1/org_branding'),
      (route) => {
        if (blocked && route.request().method() === 'GET') {
          aborted += 1;
          return route.abort('failed');
        }
        return route.continue();
      },
    );
    await openAdmin(page, failOrg.id, 'settings-branding');
    // supabase-js and the query both retry a network failure first (some 10 s in all).
    const section = page.locator('section[aria-labelledby="branding-heading"]');
    await section.getByRole('alert').filter({ hasText: 'Failed to load branding settings.' }).waitFor({ timeout: 40_000 });
    await expectToast(page, 'Error loading branding');
    expect(aborted).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /Save/ }).count()).toBe(0);
    expect(await page.getByLabel('Brand name').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    blocked = false;
    await section.getByRole('button', { name: 'Retry' }).click();
    const save = page.getByRole('button', { name: 'Save Branding' });
    await save.waitFor();
    expect(await save.isEnabled()).toBe(true);
    expect(await page.getByLabel('Brand name').inputValue()).toBe('Stored Brand');
    expect(await page.getByLabel('Primary color', { exact: true }).inputValue()).toBe('#123456');
    expect(await section.getByRole('alert').count()).toBe(0);
  });
});
