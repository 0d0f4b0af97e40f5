import { Link } from 'react-router-dom';
import { ChefHat } from 'lucide-react';
import { paths } from '@/config/paths';

export function ChefCallToAction() {
  return (
    <section aria-labelledby="chefs-title" className="container py-14 sm:py-20">
      <div className="flex flex-col items-start gap-5 rounded-lg bg-secondary p-6 sm:flex-row sm:items-center sm:justify-between sm:p-10">
        <div className="flex gap-4">
          <ChefHat className="h-10 w-10 shrink-0" aria-hidden />
          <div>
            <h2 id="chefs-title" className="font-serif text-2xl font-semibold sm:text-3xl">
              Are you a chef?
            </h2>
            <p className="mt-1 max-w-xl text-secondary-foreground/80">
              Tell us about your pop-up concept. We’ll help with the bookings, the payments and the guests.
            </p>
          </div>
        </div>
        <Link
          to={paths.chefSignup.getHref()}
          className="inline-flex h-12 shrink-0 items-center rounded-md bg-primary px-8 text-base font-medium text-primary-foreground hover:bg-primary/90"
        >
          Apply to host a pop-up
        </Link>
      </div>
    </section>
  );
}
