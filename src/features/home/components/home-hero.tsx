import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

export function HomeHero() {
  return (
    <section className="bg-primary text-primary-foreground">
      <div className="container flex flex-col gap-6 py-16 sm:py-24">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-primary-foreground/80">{site.productName}</p>
        <h1 className="max-w-3xl font-serif text-4xl font-semibold leading-tight sm:text-6xl">Small dinners, long tables, good company.</h1>
        <p className="max-w-2xl text-lg text-primary-foreground/85">
          Book a seat at supper clubs, home dinner series and chef pop-ups: a few dozen guests, shared courses, and the people who cooked them.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg" variant="secondary">
            <a href="#experiences">Find a dinner</a>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10"
          >
            <Link to={paths.chefSignup.getHref()}>Host a pop-up</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
