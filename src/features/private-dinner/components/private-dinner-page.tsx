import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { CircleCheck } from 'lucide-react';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { PrivateDinnerInput } from '../schemas';
import type { PrivateDinnerHost } from '../types';
import { PrivateDinnerForm } from './private-dinner-form';

/**
 * /{slug}/private-dinner for a host that takes requests: its name, in its colors (the route
 * applies its theme), what it offers (its own text, shown as text), and the request form, which
 * gives way to the confirmation once the request is sent.
 */
export function PrivateDinnerPage({ host }: { host: PrivateDinnerHost }) {
  const [sent, setSent] = useState<Pick<PrivateDinnerInput, 'name' | 'email'> | null>(null);
  return (
    <div className="min-h-screen bg-muted/40">
      <PageMeta
        title={`Private dinner · ${host.name}`}
        description={`Ask ${host.name} to cook a private dinner for your party.`}
        canonical={paths.orgPrivateDinner.getHref(host.slug)}
      />
      <header className="bg-primary text-primary-foreground">
        <div className="container flex flex-col items-center gap-3 pb-20 pt-10 text-center sm:pb-24 sm:pt-14">
          <Link
            to={paths.orgPage.getHref(host.slug)}
            className="max-w-full break-words font-serif text-xl font-semibold underline-offset-4 hover:underline"
          >
            {host.name}
          </Link>
          <h1 className="font-serif text-4xl font-semibold tracking-tight sm:text-5xl">Private dinners</h1>
          {host.note ? (
            <p className="max-w-2xl whitespace-pre-line break-words text-base sm:text-lg" data-testid="private-dinner-note">
              {host.note}
            </p>
          ) : null}
        </div>
      </header>
      <main className="container -mt-12 pb-16">
        <Card className="mx-auto max-w-2xl">
          <CardContent className="pt-5 sm:p-8">
            {sent ? (
              <Sent host={host} name={sent.name} email={sent.email} />
            ) : (
              <>
                <h2 className="mb-1 font-serif text-2xl font-semibold">Request a private dinner</h2>
                <p className="mb-6 text-sm text-muted-foreground">A birthday at home, a company dinner: tell {host.name} what you have in mind.</p>
                <PrivateDinnerForm slug={host.slug} onSent={setSent} />
              </>
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

/** The confirmation: who will answer, and where. Focused when it appears (the form it replaces was longer). */
function Sent({ host, name, email }: { host: PrivateDinnerHost; name: string; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-8 text-center" data-testid="private-dinner-sent">
      <CircleCheck className="h-10 w-10 text-emerald-700" aria-hidden />
      <h2 ref={heading} tabIndex={-1} className="font-serif text-2xl font-semibold outline-none">
        Request sent
      </h2>
      <p className="max-w-md break-words text-muted-foreground">
        Thank you, {name}! {host.name} will reply to {email}.
      </p>
      <Button asChild variant="outline" className="mt-2 max-w-full">
        <Link to={paths.orgPage.getHref(host.slug)}>
          <span className="truncate">Back to {host.name}</span>
        </Link>
      </Button>
    </div>
  );
}
