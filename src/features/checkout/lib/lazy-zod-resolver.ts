import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver for a zod schema that loads the schema (and zod, ~25 KB gzip, and
 * the zod resolver) on the form's first validation — its first submit, as the forms validate on
 * submit — rather than with the form. `preload()` starts loading early (the forms call it when
 * the guest first focuses a field). Same messages and behaviour as `zodResolver(schema)`.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput extends FieldValues = TInput>(
  loadSchema: () => Promise<z.ZodType<TOutput, TInput>>,
): Resolver<TInput, unknown, TOutput> & { preload(): void } {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<TInput, unknown, TOutput>,
      (error: unknown) => {
        loading = undefined; // a failed chunk load is retried on the next submit
        throw error;
      },
    ));
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
