import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { AdminEvent } from '../types';

/** The event's own admin pages, as links: its overview and its door list (table rows and cards alike). */
export function EventPageLinks({ event }: { event: AdminEvent }) {
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.adminEventOverview.getHref(event.id)} aria-label={`Overview of ${event.title}`}>
          Overview
        </Link>
      </Button>
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.adminDoor.getHref(event.id)} aria-label={`Door list of ${event.title}`}>
          Door list
        </Link>
      </Button>
    </>
  );
}
