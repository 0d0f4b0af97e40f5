/**
 * supabase-js announces a new session from inside signInWithPassword / signUp, so the admin
 * panel can mount and read the caller's roles before the sign-in has asked for the
 * super-admin grant. Sign-in registers its whole run here; the panel's first reads wait for
 * it, so the configured admin's very first sign-in already sees every organization.
 */
let inFlight: Promise<void> = Promise.resolve();

/** Runs a sign-in (or sign-up) and its follow-up calls as one tracked step. */
export function trackSignIn<T>(run: () => Promise<T>): Promise<T> {
  const result = run();
  inFlight = result.then(
    () => undefined,
    () => undefined,
  );
  return result;
}

/** Resolves once any sign-in in progress (including its super-admin grant) has finished. */
export function signInSettled(): Promise<void> {
  return inFlight;
}
