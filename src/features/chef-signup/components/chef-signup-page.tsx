import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CircleCheck, ChefHat, Users, UtensilsCrossed } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { PageMeta } from '@/components/seo/page-meta';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { ChefSignupForm } from './chef-signup-form';
import { SupportEmailLink } from '@/components/support-email-link';

const perks = [
  { icon: ChefHat, text: 'Cook your menu, your way: we handle bookings and card payments.' },
  { icon: Users, text: 'Guests who love small, shared dinners, in our network of hosts.' },
  { icon: UtensilsCrossed, text: 'From one-night pop-ups to a recurring series.' },
];

export function ChefSignupPage() {
  const [submitted, setSubmitted] = useState(false);
  return (
    <main className="min-h-screen bg-muted/40">
      <PageMeta
        title="Pop-up Chef Signup"
        description="Host a pop-up dinner with SupperHost: tell us about your concept and the dates you have in mind."
        canonical={paths.home.getHref()}
      />
      <div className="container grid gap-10 py-10 sm:py-16 lg:grid-cols-[1fr_1.1fr] lg:items-start">
        <section className="space-y-6">
          <Link to={paths.home.getHref()} className="text-sm font-semibold uppercase tracking-widest text-muted-foreground hover:text-foreground">
            {site.productName}
          </Link>
          <h1 className="font-serif text-4xl font-semibold leading-tight sm:text-5xl">Host a pop-up dinner</h1>
          <p className="text-lg text-muted-foreground">
            Are you a chef with a concept you want to share? Tell us about it and we’ll help you bring it to a table.
          </p>
          <ul className="space-y-3">
            {perks.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-3">
                <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </section>
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            {submitted ? (
              <div role="status" className="flex flex-col items-center gap-3 py-10 text-center">
                <CircleCheck className="h-10 w-10 text-emerald-700" aria-hidden />
                <h2 className="font-serif text-2xl font-semibold">Thanks for your interest! We’ll review your submission shortly.</h2>
                <p className="text-muted-foreground">We typically respond within a few days.</p>
              </div>
            ) : (
              <>
                <h2 className="mb-5 font-serif text-2xl font-semibold">Tell us about your pop-up</h2>
                <ChefSignupForm onSubmitted={() => setSubmitted(true)} />
                <p className="mt-4 text-center text-sm text-muted-foreground">
                  Prefer email? Write to <SupportEmailLink />
                </p>
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
