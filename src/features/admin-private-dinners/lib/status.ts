import { privateDinnerStatuses, type PrivateDinnerStatus } from '../types';

/** A request's status as the database wrote it; anything else is a broken answer. */
export function readStatus(value: string): PrivateDinnerStatus {
  const found = privateDinnerStatuses.find((s) => s === value);
  if (!found) throw new Error(`Unknown private dinner request status ${value}`);
  return found;
}
