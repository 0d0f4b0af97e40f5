// The project's API keys as the runtime gives them to every function (hosted, `supabase
// functions serve` and the local stack alike): the new keys as JSON dictionaries,
// SUPABASE_PUBLISHABLE_KEYS and SUPABASE_SECRET_KEYS (e.g. {"default":"sb_secret_…"}), and the
// legacy JWT keys SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY, deprecated but still given
// while a project migrates; and how any function secret is read. No imports: the lightest functions (sitemap) read it too.

/** A function secret (an environment variable), trimmed; null when unset or blank. */
export function secret(name: string): string | null {
  const value = Deno.env.get(name)?.trim();
  return value ? value : null;
}

/** The keys of a dictionary variable, its "default" key first; none when unset or not JSON. */
export function dictionaryKeys(name: 'SUPABASE_PUBLISHABLE_KEYS' | 'SUPABASE_SECRET_KEYS'): string[] {
  const raw = Deno.env.get(name)?.trim();
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
    const entries = Object.entries(parsed as Record<string, unknown>).sort(([a], [b]) => Number(b === 'default') - Number(a === 'default'));
    return entries.map(([, value]) => (typeof value === 'string' ? value.trim() : '')).filter((key) => key.length >= 20);
  } catch {
    return [];
  }
}

function legacyKey(name: 'SUPABASE_ANON_KEY' | 'SUPABASE_SERVICE_ROLE_KEY'): string | undefined {
  const value = secret(name);
  return value && value.length >= 20 ? value : undefined;
}

function required(key: string | undefined, names: string): string {
  if (!key) throw new Error(`Missing environment variable ${names}`);
  return key;
}

/** The key for acting as the public (anon role): the publishable key, else the legacy anon key. */
export function publicApiKey(): string {
  return required(dictionaryKeys('SUPABASE_PUBLISHABLE_KEYS')[0] ?? legacyKey('SUPABASE_ANON_KEY'), 'SUPABASE_PUBLISHABLE_KEYS or SUPABASE_ANON_KEY');
}

/** The key for acting as the service role: the secret key, else the legacy service_role key. */
export function serviceApiKey(): string {
  return required(
    dictionaryKeys('SUPABASE_SECRET_KEYS')[0] ?? legacyKey('SUPABASE_SERVICE_ROLE_KEY'),
    'SUPABASE_SECRET_KEYS or SUPABASE_SERVICE_ROLE_KEY',
  );
}

/** Every key that stands for the service role: each secret key and the legacy service_role key. */
export function serviceRoleSecrets(): string[] {
  const legacy = legacyKey('SUPABASE_SERVICE_ROLE_KEY');
  return [...dictionaryKeys('SUPABASE_SECRET_KEYS'), ...(legacy ? [legacy] : [])];
}
