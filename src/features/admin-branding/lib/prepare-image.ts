import type { UploadFolder } from './upload-rules';

/**
 * The longest side a stored photo keeps, by folder. The first gallery photo is the public page's
 * full-width hero (about 1200 CSS px at 2× on a laptop); logos are shown at most 96 px wide.
 * A phone camera's 4032 × 3024 photo is several megabytes that every guest would download.
 */
export const MAX_IMAGE_SIDE: Record<Exclude<UploadFolder, 'menus'>, number> = { logos: 512, gallery: 2400, misc: 2400 };

/** JPEG and WebP carry camera metadata (EXIF: where and when a photo was taken) that re-encoding drops. */
const REENCODED = new Set(['image/jpeg', 'image/webp']);
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);
const QUALITY = 0.88;

async function encode(bitmap: ImageBitmap, width: number, height: number, type: string): Promise<Blob | null> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return canvas.convertToBlob({ type, quality: QUALITY });
}

/**
 * A photo as it is stored: no larger than its folder's longest side, and a JPEG or WebP without
 * its camera metadata (a home dinner's photos would otherwise tell where the host lives, by GPS).
 * Drawn upright (the EXIF orientation applied), in its own format. A PDF, a small PNG, or a file
 * the browser cannot decode is uploaded as it is (the bucket still checks its size and type).
 */
export async function prepareImage(file: File, folder: UploadFolder): Promise<File> {
  if (folder === 'menus' || !RESIZABLE.has(file.type) || typeof OffscreenCanvas === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, MAX_IMAGE_SIDE[folder] / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && !REENCODED.has(file.type)) return file;
    const blob = await encode(bitmap, Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)), file.type);
    if (!blob || blob.type !== file.type) return file;
    return new File([blob], file.name, { type: file.type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
