import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { errors, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

/**
 * The JWTs of the local stack, as Supabase issues them today:
 * - user sessions are signed with an asymmetric signing key (ES256, `kid` in the header),
 *   whose public half is the JWKS at /auth/v1/.well-known/jwks.json;
 * - the legacy anon and service_role keys are HS256 JWTs of the shared JWT secret, still
 *   accepted (as on hosted Supabase while projects migrate to publishable and secret keys).
 */

export type JwtClaims = JWTPayload & { role?: string; sub?: string; [claim: string]: unknown };

export class JwtError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
  }
}

const hmacKey = (secret: string) => new TextEncoder().encode(secret);

/** An HS256 JWT of the shared secret (the legacy anon / service_role keys; tests' own tokens). */
export function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(hmacKey(secret));
}

/** A new ES256 signing key as a private JWK, in the form `supabase gen signing-key` writes. */
export async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomUUID(), alg: 'ES256', use: 'sig', key_ops: ['sign', 'verify'], ext: true };
}

/**
 * The signing key kept in `path` (a JSON array of private JWKs, like the CLI's
 * `signing_keys_path`): made on first use, then the same one on every start, so that
 * sessions survive a restart of the stack.
 */
export async function loadSigningKey(path: string): Promise<JWK> {
  if (existsSync(path)) {
    const keys = JSON.parse(readFileSync(path, 'utf8')) as JWK[];
    const key = Array.isArray(keys) ? keys.find((k) => k.alg === 'ES256' && k.d && k.kid) : undefined;
    if (key) return key;
  }
  const key = await newSigningKey();
  writeFileSync(path, JSON.stringify([key], null, 2) + '\n', { mode: 0o600 });
  return key;
}

/** The public half of a signing key, as GoTrue publishes it in its JWKS. */
export function publicJwk(key: JWK): JWK {
  const { kty, crv, x, y, kid, alg } = key;
  return { kty, crv, x, y, kid, alg, use: 'sig', key_ops: ['verify'], ext: true };
}

export interface JwtKeys {
  /** Signs a user session's access token (ES256, with the key's kid). */
  sign(claims: JwtClaims): Promise<string>;
  /** Verifies signature and expiry: ES256 with the signing key, or HS256 with the legacy secret. */
  verify(token: string): Promise<JwtClaims>;
  /** What /auth/v1/.well-known/jwks.json answers. */
  jwks: { keys: JWK[] };
}

export async function createJwtKeys(opts: { secret: string; signingKey: JWK }): Promise<JwtKeys> {
  const { signingKey } = opts;
  if (signingKey.alg !== 'ES256' || !signingKey.kid) throw new Error('The signing key must be an ES256 JWK with a kid');
  // WebCrypto takes a private key for signing only: the JWK's key_ops (sign and verify) are left out.
  const { key_ops: _ops, ...privateJwk } = signingKey;
  const privateKey = (await importJWK(privateJwk, 'ES256')) as CryptoKey;
  const publicKey = (await importJWK(publicJwk(signingKey), 'ES256')) as CryptoKey;
  const secret = hmacKey(opts.secret);
  const kid = signingKey.kid;
  return {
    sign: (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(privateKey),
    async verify(token) {
      try {
        const { payload } = await jwtVerify<JwtClaims>(
          token,
          (header) => {
            if (header.alg === 'HS256') return secret;
            if (header.kid !== kid) throw new JwtError('JWT signed with an unknown key (kid)');
            return publicKey;
          },
          { algorithms: ['ES256', 'HS256'] },
        );
        return payload;
      } catch (error) {
        if (error instanceof JwtError) throw error;
        if (error instanceof errors.JWTExpired) throw new JwtError('JWT expired', true);
        if (error instanceof errors.JOSEAlgNotAllowed) throw new JwtError('Unsupported JWT algorithm');
        if (error instanceof errors.JWSSignatureVerificationFailed) throw new JwtError('JWT signature is invalid');
        if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) throw new JwtError(`JWT is malformed: ${error.message}`);
        throw new JwtError(`JWT is invalid: ${(error as Error).message}`);
      }
    },
    jwks: { keys: [publicJwk(signingKey)] },
  };
}
