import { useEffect, useRef } from 'react';
import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { authMessages } from '../messages';

/**
 * Where a sign-up ends while its address waits for confirmation: what was sent, where, and what
 * to do when it does not arrive. Every sign-up gets this same panel, whether or not the address
 * already had an account, so the page never tells which addresses are registered.
 */
export function CheckEmail({ email, onBack }: { email: string; onBack(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-4 py-2" data-testid="signup-check-email" role="status">
      <MailCheck className="h-8 w-8 text-primary" aria-hidden />
      <h3 ref={heading} tabIndex={-1} className="font-serif text-xl font-semibold outline-none">
        {authMessages.checkEmail}
      </h3>
      <p>{authMessages.sentTo(email)}</p>
      <p className="text-sm text-muted-foreground">{authMessages.notArrived}</p>
      <Button type="button" variant="outline" className="w-full" onClick={onBack}>
        {authMessages.useAnotherEmail}
      </Button>
    </div>
  );
}
