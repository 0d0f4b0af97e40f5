import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { AdminSection } from '@/components/admin/admin-section';
import { NewTabButton } from '@/components/admin/new-tab-button';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/titled-card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { embedCode } from '../lib/embed-code';

const COPIED_RESET_MS = 2000;

export function EmbedTab({ orgSlug, orgName }: { orgSlug: string; orgName: string }) {
  const origin = window.location.origin;
  const code = embedCode(origin, orgSlug, orgName);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast.success('Copied!', { description: 'Paste the code into your website.' });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    } catch {
      toast.error('Error', { description: 'Failed to copy to clipboard' });
    }
  };

  return (
    <AdminSection id="embed" title="Embed Form">
      <TitledCard title="Embed code" description="Paste this where the booking form should appear on your website." className="space-y-3">
        <Label htmlFor="embed-code" className="sr-only">
          Embed code
        </Label>
        <Textarea id="embed-code" readOnly rows={9} value={code} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void copy()}>
            {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
            {copied ? 'Copied!' : 'Copy Code'}
          </Button>
          <NewTabButton href={paths.orgEmbed.getHref(orgSlug)}>Open Preview</NewTabButton>
        </div>
      </TitledCard>
      <TitledCard title="Preview">
        <iframe
          src={paths.orgEmbed.getHref(orgSlug)}
          title={`Booking form preview for ${orgName}`}
          width="100%"
          height={600}
          className="w-full rounded-md border"
          loading="lazy"
        />
      </TitledCard>
    </AdminSection>
  );
}
