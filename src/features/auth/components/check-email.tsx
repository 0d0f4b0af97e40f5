import { useEffect, useRef } from 'react';
import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { authMessages } from '../messages';

interface Props {
  email: string;
  onBack(): void;
  /** What was sent (a sign-up's confirmation by default). */
  sent?: string;
  /** What to do when it does not arrive. */
  notArrived?: string;
  testId?: string;
}

/**
 * Where a sign-up (or a password reset request) ends while its email is on the way: what was
 * sent, where, and what to do when it does not arrive. Every request gets this same panel,
 * whether or not the address has an account, so the page never tells which addresses are registered.
 */
export function CheckEmail({
  email,
  onBack,
  sent = authMessages.sentTo(email),
  notArrived = authMessages.notArrived,
  testId = 'signup-check-email',
}: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-4 py-2" data-testid={testId} role="status">
      <MailCheck className="h-8 w-8 text-primary" aria-hidden />
      <h3 ref={heading} tabIndex={-1} className="font-serif text-xl font-semibold outline-none">
        {authMessages.checkEmail}
      </h3>
      <p>{sent}</p>
      <p className="text-sm text-muted-foreground">{notArrived}</p>
      <Button type="button" variant="outline" className="w-full" onClick={onBack}>
        {authMessages.useAnotherEmail}
      </Button>
    </div>
  );
}
