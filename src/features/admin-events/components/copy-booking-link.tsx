import { useQuery } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { supabase } from '@/lib/supabase';

/** Which alias layout sells which kind of event: the supper club's sells seatings, the dinner series' tickets. */
const aliasLayoutFor = { seatings: 'supper_club', tickets: 'dinner_series' } as const;

/**
 * The public page a dinner is booked from: its organization's alias page when the organization
 * has one whose layout sells this kind of dinner (`/magnolia-supper-club` for a seatings dinner
 * of the supper club), else `/{slug}`. Events, organizations and aliases are public rows.
 */
async function bookingPagePath(eventId: string): Promise<string> {
  const { data, error } = await supabase
    .from('events')
    .select('kind, organizations(slug, org_page_aliases(path, layout))')
    .eq('id', eventId)
    .single();
  if (error) throw new Error(error.message);
  const org = data.organizations;
  const layout = aliasLayoutFor[data.kind as keyof typeof aliasLayoutFor];
  const alias = org.org_page_aliases
    .filter((a) => a.layout === layout)
    .map((a) => a.path)
    .sort()[0];
  return alias ? `/${alias}` : paths.orgPage.getHref(org.slug);
}

/** The link guests open to book this one dinner: its booking page, with the dinner chosen (`?event=`). */
function bookingLinkOf(origin: string, pagePath: string, eventId: string): string {
  return `${origin}${pagePath}?event=${encodeURIComponent(eventId)}`;
}

/** "Copy booking link": the dinner's own link on its booking page, to share (a post, a message). */
export function CopyBookingLinkButton({ eventId }: { eventId: string }) {
  const page = useQuery({ queryKey: ['admin', 'event', eventId, 'booking-page'], queryFn: () => bookingPagePath(eventId), staleTime: Infinity });
  const copy = async () => {
    if (!page.data) return;
    const link = bookingLinkOf(window.location.origin, page.data, eventId);
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Booking link copied', { description: link });
    } catch {
      toast.error('Copying is not allowed here', { description: link });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={copy} disabled={!page.data}>
      <Link2 className="h-4 w-4" aria-hidden />
      Copy booking link
    </Button>
  );
}
