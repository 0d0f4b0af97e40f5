import { cn } from '@/lib/utils';

/** A field's length against its limit as it is typed ('120/5000'), marked when over. */
export function CharacterCount({ value, max, testId }: { value: string; max: number; testId: string }) {
  const length = value.trim().length;
  return (
    <span data-testid={testId} className={cn('tabular-nums', length > max && 'font-medium text-destructive')}>
      {length}/{max}
    </span>
  );
}
