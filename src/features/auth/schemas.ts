import { z } from 'zod';
import { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH } from '@/config/product';

export const credentialsSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email')),
  password: z.string().min(1, 'Password is required'),
});

export const signUpSchema = credentialsSchema.extend({
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .refine((value) => new TextEncoder().encode(value).length <= MAX_PASSWORD_BYTES, `Password must be at most ${MAX_PASSWORD_BYTES} characters`),
});

export type Credentials = z.infer<typeof credentialsSchema>;
