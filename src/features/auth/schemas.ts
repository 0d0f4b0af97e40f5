import { z } from 'zod';

export const credentialsSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email')),
  password: z.string().min(1, 'Password is required'),
});

export const signUpSchema = credentialsSchema.extend({
  password: z.string().min(6, 'Password must be at least 6 characters').max(72, 'Password must be at most 72 characters'),
});

export type Credentials = z.infer<typeof credentialsSchema>;
