import { z } from 'zod';

const EnvSchema = z.object({
  SUPABASE_URL: z.url({ message: 'VITE_SUPABASE_URL must be the API URL, e.g. http://127.0.0.1:54321' }),
  SUPABASE_ANON_KEY: z.string().min(20, 'VITE_SUPABASE_ANON_KEY must be the anon (public) key'),
  SQUARE_APPLICATION_ID: z.string().optional(),
  SQUARE_LOCATION_ID: z.string().optional(),
  SQUARE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
});

export type AppEnv = z.infer<typeof EnvSchema>;

/** Validates the VITE_* variables once; a missing one fails with a readable list. */
function readEnv(): AppEnv {
  const raw: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(import.meta.env)) {
    if (key.startsWith('VITE_')) raw[key.slice('VITE_'.length)] = value === '' ? undefined : String(value);
  }
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `- VITE_${String(i.path[0])}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment variables:\n${problems}\nSee .env.example and README.md.`);
  }
  return parsed.data;
}

export const env = readEnv();
