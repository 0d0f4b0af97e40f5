import { Link } from 'react-router-dom';
import { ArrowRight, MapPin } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { SUPPER_CLUB_TICKET_PRICE_CENTS } from '@/config/product';
import { dinnerSeries, supperClub } from '@/config/site';
import { formatCents } from '@/lib/money';

const experiences = [
  {
    href: paths.supperClub.getHref(),
    title: supperClub.fullName,
    city: supperClub.city,
    kicker: 'Supper club',
    text: `Four shared savory courses and one sweet, ${formatCents(SUPPER_CLUB_TICKET_PRICE_CENTS)} per person. Sundays and Mondays, two seatings a night.`,
    cta: 'Reserve a seat',
  },
  {
    href: paths.dinnerSeries.getHref(),
    title: dinnerSeries.name,
    city: dinnerSeries.city,
    kicker: 'Dinner series',
    text: 'A five-course dinner in a home kitchen, with an optional wine pairing. Dinner starts at 7:00 PM.',
    cta: 'Book your table',
  },
];

export function FeaturedExperiences() {
  return (
    <section id="experiences" aria-labelledby="experiences-title" className="container scroll-mt-6 py-14 sm:py-20">
      <h2 id="experiences-title" className="font-serif text-3xl font-semibold sm:text-4xl">
        Tables you can book
      </h2>
      <p className="mt-2 max-w-2xl text-muted-foreground">Pick a dinner, choose your date and pay by card in a couple of minutes.</p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {experiences.map((x) => (
          <Card key={x.href} className="flex flex-col transition-shadow hover:shadow-md">
            <CardHeader>
              <p className="text-xs font-semibold uppercase tracking-widest text-muted-foreground">{x.kicker}</p>
              <CardTitle className="text-2xl">{x.title}</CardTitle>
              <CardDescription className="flex items-center gap-1">
                <MapPin className="h-4 w-4" aria-hidden />
                {x.city}
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col justify-between gap-6">
              <p>{x.text}</p>
              <Link
                to={x.href}
                className="inline-flex items-center gap-2 self-start rounded-md bg-primary px-5 py-3 text-sm font-medium text-primary-foreground hover:bg-primary/90"
              >
                {x.cta}
                <span className="sr-only"> at {x.title}</span>
                <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
