import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { env } from '@/config/env';
import { invokeFunction, serverMessage } from '@/lib/invoke-function';

export const DEFAULT_CONFIG_FUNCTION = 'square-config';

/**
 * How the card form works: Square's Web Payments SDK with an application id, or — when no
 * Square application is configured (local stack, tests) — the labelled test card form.
 */
export type CardConfig = { mode: 'square'; applicationId: string; locationId: string; environment: 'sandbox' | 'production' } | { mode: 'test' };

const answerSchema = z.object({
  success: z.boolean().optional(),
  applicationId: z.string().nullish(),
  locationId: z.string().nullish(),
  environment: z.string().nullish(),
  testMode: z.boolean().nullish(),
});

/**
 * Whose guests pay: the card form gets that organization's Square location (its own account's,
 * else the platform's). Null: the platform's account.
 */
export type CardPayee = { eventId: string } | { orgSlug: string } | null;

export async function getCardConfig(functionName: string, payee: CardPayee = null): Promise<CardConfig> {
  let problem: string;
  try {
    const answer = await invokeFunction<unknown>(functionName, payee ?? undefined);
    const parsed = answerSchema.safeParse(answer.body);
    if (answer.status === 200 && parsed.success && parsed.data.success !== false) {
      const { applicationId, locationId, environment, testMode } = parsed.data;
      if (testMode || !applicationId) return { mode: 'test' };
      return {
        mode: 'square',
        applicationId,
        locationId: locationId ?? env.SQUARE_LOCATION_ID ?? '',
        environment: environment === 'production' ? 'production' : 'sandbox',
      };
    }
    problem = serverMessage(answer.body) ?? `configuration unavailable (${answer.status})`;
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  // The build may embed an application id to fall back on when the config call fails.
  if (env.SQUARE_APPLICATION_ID && env.SQUARE_LOCATION_ID) {
    return {
      mode: 'square',
      applicationId: env.SQUARE_APPLICATION_ID,
      locationId: env.SQUARE_LOCATION_ID,
      environment: env.SQUARE_ENVIRONMENT,
    };
  }
  throw new Error(problem);
}

export function cardConfigQueryOptions(functionName: string, payee: CardPayee = null) {
  return queryOptions({
    queryKey: ['card-config', functionName, payee],
    queryFn: () => getCardConfig(functionName, payee),
    staleTime: Infinity,
    retry: 1,
  });
}

export function useCardConfig(functionName: string, payee: CardPayee = null) {
  return useQuery(cardConfigQueryOptions(functionName, payee));
}
