import { site } from '@/config/site';

/** The support address as a link inside a sentence: it stands out from the muted text around it. */
export function SupportEmailLink() {
  return (
    <a className="font-medium text-foreground underline underline-offset-4" href={`mailto:${site.supportEmail}`}>
      {site.supportEmail}
    </a>
  );
}
