import { describe, expect, it } from 'vitest';
import {
  isMimeTypeAllowed,
  isValidObjectKey,
  parseHeaderParams,
  parseMultipart,
  StorageError,
  StorageErrors,
  storageErrorFromPg,
} from '../../stack/gateway/storage.ts';

/** Encodes a FormData exactly as fetch would send it (undici's encoder). */
async function encode(form: FormData) {
  const res = new Response(form);
  return { body: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

describe('parseMultipart', () => {
  it('reads what supabase-js sends for a Blob: cacheControl and the file under an empty field name', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x0d, 0x0a, 0x2d, 0x2d]);
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('', new Blob([bytes], { type: 'image/png' }));
    const { body, contentType } = await encode(form);
    const parts = parseMultipart(body, contentType);
    expect(parts.map((p) => p.name)).toEqual(['cacheControl', '']);
    expect(parts[0].data.toString()).toBe('3600');
    expect(parts[0].filename).toBeUndefined();
    expect(parts[1].filename).toBe('blob');
    expect(parts[1].contentType).toBe('image/png');
    expect(parts[1].data.equals(bytes)).toBe(true);
  });

  it('keeps binary data that contains CRLF and dashes intact, and decodes quoted file names', async () => {
    const tricky = Buffer.concat([Buffer.from('\r\n--\r\n--not-the-boundary\r\n'), Buffer.alloc(3000, 0x2d), Buffer.from('\r\n')]);
    const form = new FormData();
    form.append('file', new File([tricky], 'my "menu".pdf', { type: 'application/pdf' }));
    form.append('note', 'é ü');
    const { body, contentType } = await encode(form);
    const [file, note] = parseMultipart(body, contentType);
    expect(file.data.equals(tricky)).toBe(true);
    expect(file.filename).toMatch(/my .*menu.*\.pdf/);
    expect(note.data.toString('utf8')).toBe('é ü');
  });

  it('accepts an empty file and a preamble before the first boundary', () => {
    const raw = Buffer.from(
      'preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=""; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n\r\n--XyZ--\r\n',
    );
    const [part] = parseMultipart(raw, 'multipart/form-data; boundary="XyZ"');
    expect(part.filename).toBe('a.txt');
    expect(part.data.length).toBe(0);
  });

  it('refuses malformed bodies with InvalidRequest instead of guessing', () => {
    const bad = [
      ['multipart/form-data', '--x\r\n'],
      ['multipart/form-data; boundary=x', 'no boundary here'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Type: text/plain\r\n\r\nv\r\n--x--'],
      ['text/plain; boundary=x', '--x--'],
    ];
    for (const [type, text] of bad) {
      expect(() => parseMultipart(Buffer.from(text), type), text).toThrowError(StorageError);
    }
  });
});

describe('parseHeaderParams', () => {
  it('parses quoted, unquoted and RFC 5987 parameters', () => {
    expect(parseHeaderParams('form-data; name="a;b"; filename=plain.txt')).toEqual({
      value: 'form-data',
      params: { name: 'a;b', filename: 'plain.txt' },
    });
    expect(parseHeaderParams(`attachment; filename*=UTF-8''%C3%A9t%C3%A9.png`).params.filename).toBe('été.png');
    expect(parseHeaderParams('multipart/form-data; boundary="--abc"').params.boundary).toBe('--abc');
  });
});

describe('bucket checks', () => {
  it('allowed_mime_types: exact or type/*, parameters ignored, nothing listed means anything', () => {
    const allowed = ['image/png', 'application/pdf', 'text/*'];
    expect(isMimeTypeAllowed('image/png', allowed)).toBe(true);
    expect(isMimeTypeAllowed('IMAGE/PNG', allowed)).toBe(true);
    expect(isMimeTypeAllowed('text/plain;charset=UTF-8', allowed)).toBe(true);
    expect(isMimeTypeAllowed('image/gif', allowed)).toBe(false);
    expect(isMimeTypeAllowed('image', allowed)).toBe(false);
    expect(isMimeTypeAllowed('image/gif', null)).toBe(true);
    expect(isMimeTypeAllowed('image/gif', [])).toBe(true);
  });

  it('object keys: no empty, relative or control-character segments', () => {
    expect(isValidObjectKey('org/logos/a b.png')).toBe(true);
    for (const key of ['', 'a//b', '../x', 'a/./b', 'a/\u0000b', 'trailing/']) expect(isValidObjectKey(key), key).toBe(false);
  });
});

describe('storage errors', () => {
  it("have storage-api's body and HTTP status (400 for client errors, 500 for internal ones)", () => {
    const tooLarge = StorageErrors.entityTooLarge();
    expect(tooLarge.body()).toEqual({
      statusCode: '413',
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
    expect(tooLarge.responseStatus).toBe(400);
    expect(StorageErrors.invalidMimeType('image/gif').body()).toEqual({
      statusCode: '415',
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: 'mime type image/gif is not supported',
    });
    expect(StorageErrors.internal('boom').responseStatus).toBe(500);
  });

  it('map Postgres errors as storage-api does', () => {
    expect(storageErrorFromPg({ code: '42501' }).body()).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    });
    expect(storageErrorFromPg({ code: '23505' }).body()).toMatchObject({
      statusCode: '409',
      error: 'Duplicate',
      message: 'The resource already exists',
    });
    expect(storageErrorFromPg({ code: 'XX000', message: 'x' }).responseStatus).toBe(500);
  });
});
