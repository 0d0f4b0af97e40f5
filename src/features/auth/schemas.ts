import { z } from 'zod';
import { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH } from '@/config/product';

const email = z.string().trim().min(1, 'Email is required').pipe(z.email('Enter a valid email'));

/** A password as Auth accepts it for a new account or a reset (minimum_password_length, bcrypt's 72 bytes). */
const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .refine((value) => new TextEncoder().encode(value).length <= MAX_PASSWORD_BYTES, `Password must be at most ${MAX_PASSWORD_BYTES} characters`);

export const credentialsSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required'),
});

export const signUpSchema = credentialsSchema.extend({ password: newPassword });

export type Credentials = z.infer<typeof credentialsSchema>;

export const passwordResetRequestSchema = z.object({ email });

export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const newPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string().min(1, 'Confirm your new password') })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: 'The two passwords do not match' });

export type NewPassword = z.infer<typeof newPasswordSchema>;
