import { useQuery } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { supabase } from '@/lib/supabase';

/** The organization's public page path (`/{slug}`): organizations are public rows. */
async function orgPagePath(orgId: string): Promise<string> {
  const { data, error } = await supabase.from('organizations').select('slug').eq('id', orgId).single();
  if (error) throw new Error(error.message);
  return paths.orgPage.getHref(data.slug);
}

/** The link guests open to book this one dinner: its organization's page, with the dinner chosen (`?event=`). */
function bookingLinkOf(origin: string, pagePath: string, eventId: string): string {
  return `${origin}${pagePath}?event=${encodeURIComponent(eventId)}`;
}

/** "Copy booking link": the dinner's own link on its organization's page, to share (a post, a message). */
export function CopyBookingLinkButton({ orgId, eventId }: { orgId: string; eventId: string }) {
  const page = useQuery({ queryKey: ['admin', orgId, 'page-path'], queryFn: () => orgPagePath(orgId), staleTime: Infinity });
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
