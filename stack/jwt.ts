import { createHmac, timingSafeEqual } from 'node:crypto';

/** HS256 JSON Web Tokens, as GoTrue and PostgREST use with a shared secret. */

const b64url = (input: Buffer | string) => Buffer.from(input).toString('base64url');

export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

export function signJwt(claims: JwtClaims, secret: string): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export class JwtError extends Error {}

/** Verifies signature and expiry; throws JwtError with a reason otherwise. */
export function verifyJwt(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): JwtClaims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('Expected 3 parts in JWT; got ' + parts.length);
  const [header, payload, signature] = parts;
  let parsedHeader: { alg?: string };
  let claims: JwtClaims;
  try {
    parsedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('JWT is not valid JSON');
  }
  if (parsedHeader.alg !== 'HS256') throw new JwtError('Unsupported JWT algorithm');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('JWT signature is invalid');
  }
  if (typeof claims !== 'object' || claims === null) throw new JwtError('JWT claims are not an object');
  if (typeof claims.exp === 'number' && claims.exp < nowSeconds) throw new JwtError('JWT expired');
  return claims;
}
