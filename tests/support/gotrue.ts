/** The fields of a GoTrue user object, sorted: exactly what `/auth/v1/user` and sign-up answer with. */
export const GOTRUE_USER_FIELDS = [
  'app_metadata',
  'aud',
  'confirmed_at',
  'created_at',
  'email',
  'email_confirmed_at',
  'id',
  'identities',
  'is_anonymous',
  'last_sign_in_at',
  'phone',
  'role',
  'updated_at',
  'user_metadata',
];
