import { Megaphone } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { SupperClubVenue } from '../types';

/** No upcoming suppers: where the venue announces the next ones (its social page, when it has one). */
export function ComingSoonCard({ venue }: { venue: SupperClubVenue }) {
  return (
    <Card className="mx-auto max-w-xl text-center">
      <CardHeader className="items-center">
        <CardTitle className="text-2xl">New Events Coming Soon</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-muted-foreground">All of our current dates have passed. New suppers are announced on Instagram first.</p>
        {venue.instagramUrl ? (
          <a
            href={venue.instagramUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-md bg-primary px-5 py-3 text-sm font-medium text-primary-foreground hover:bg-primary/90"
          >
            <Megaphone className="h-4 w-4" aria-hidden />
            Follow for updates
          </a>
        ) : null}
      </CardContent>
    </Card>
  );
}
