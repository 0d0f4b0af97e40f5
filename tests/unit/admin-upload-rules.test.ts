import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, uploadPath, uploadProblem } from '../../src/features/admin-branding/lib/upload-rules';

const MB = 1024 * 1024;

describe('upload rules', () => {
  it("refuses files over 10MB with 'File size must be less than 10MB'", () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * MB);
    expect(uploadProblem({ size: 11 * MB, type: 'image/png' }, 'logos')).toBe('File size must be less than 10MB');
    expect(uploadProblem({ size: 10 * MB, type: 'image/png' }, 'logos')).toBeNull();
  });

  it("accepts each folder's types and names the others 'File type {type} not allowed for {bucket}'", () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(uploadProblem({ size: 1, type }, 'logos')).toBeNull();
      expect(uploadProblem({ size: 1, type }, 'gallery')).toBeNull();
      expect(uploadProblem({ size: 1, type }, 'misc')).toBeNull();
    }
    expect(uploadProblem({ size: 1, type: 'application/pdf' }, 'menus')).toBeNull();
    expect(uploadProblem({ size: 1, type: 'application/pdf' }, 'misc')).toBeNull();
    expect(uploadProblem({ size: 1, type: 'image/webp' }, 'menus')).toBe('File type image/webp not allowed for menus');
    expect(uploadProblem({ size: 1, type: 'application/pdf' }, 'gallery')).toBe('File type application/pdf not allowed for gallery');
    expect(uploadProblem({ size: 1, type: 'image/gif' }, 'logos')).toBe('File type image/gif not allowed for logos');
    expect(uploadProblem({ size: 1, type: '' }, 'misc')).toBe('File type unknown not allowed for misc');
  });

  it('stores at {orgId}/{folder}/{timestamp}-{random}.{ext}', () => {
    const path = uploadPath('org-1', 'gallery', { name: 'Photo.JPG', type: 'image/jpeg' }, 1_700_000_000_000);
    expect(path).toMatch(/^org-1\/gallery\/1700000000000-[a-z0-9]+\.jpg$/);
    expect(uploadPath('o', 'menus', { name: 'menu', type: 'application/pdf' })).toMatch(/\.pdf$/);
    expect(uploadPath('o', 'misc', { name: 'x.png', type: 'image/png' })).not.toBe(uploadPath('o', 'misc', { name: 'x.png', type: 'image/png' }));
  });
});
