import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';

/** A venue page's booking form in its card, and the waitlist under it: above it when nothing is left to book. */
export function FormCardWithWaitlist({ form, waitlist, waitlistFirst }: { form: ReactNode; waitlist: ReactNode; waitlistFirst: boolean }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <Card>
        <CardContent className="pt-5 sm:pt-6">{form}</CardContent>
      </Card>
      {waitlist ? <div className={waitlistFirst ? '-order-1' : undefined}>{waitlist}</div> : null}
    </div>
  );
}
