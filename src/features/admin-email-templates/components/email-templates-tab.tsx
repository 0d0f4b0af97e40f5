import { useState } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { QueryStatus } from '@/components/admin/query-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useEmailTemplates } from '../api/get-email-templates';
import type { TemplateType } from '../lib/template-types';
import { templateMessages } from '../messages';
import { EditTemplateDialog } from './edit-template-dialog';
import { ReviewLinkForm } from './review-link-form';
import { ThankYouSwitch } from './thank-you-switch';

/**
 * The six emails guests receive: each with the organization's template or the default, and an
 * editor; the thank-you card also turns that email on or off and sets the review link it carries.
 */
export function EmailTemplatesTab({ orgId }: { orgId: string }) {
  const templates = useEmailTemplates(orgId);
  const [editing, setEditing] = useState<TemplateType | null>(null);
  const editingSlot = templates.data?.find((s) => s.type === editing) ?? null;

  return (
    <AdminSection id="templates" title="Email Templates">
      <p className="text-sm text-muted-foreground">
        The emails your guests receive. Each one uses your template, or the SupperHost default until you save your own. The booking details, links and
        your branding are always added below your text.
      </p>
      <QueryStatus query={templates} loading="Loading email templates…" failed={templateMessages.loadFailed} empty="No email templates yet." toast>
        {(slots) => (
          <ul aria-label="Email templates" className="grid gap-3 md:grid-cols-2">
            {slots.map((slot) => (
              <li key={slot.type} className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">{slot.name}</h3>
                  {slot.template ? <Badge variant="success">Custom</Badge> : <Badge variant="secondary">Default</Badge>}
                </div>
                <dl className="grid gap-1 text-sm">
                  <div className="min-w-0">
                    <dt className="sr-only">Template</dt>
                    <dd className="text-muted-foreground">
                      {slot.template ? `Your template: ${slot.template.name}` : 'Uses the SupperHost default text'}
                    </dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="inline font-medium">Subject: </dt>
                    <dd className="inline break-words">{slot.subject}</dd>
                  </div>
                  {slot.template ? (
                    <div>
                      <dt className="inline font-medium">Updated: </dt>
                      <dd className="inline">{new Date(slot.template.updated_at).toLocaleDateString('en-US', { dateStyle: 'medium' })}</dd>
                    </div>
                  ) : null}
                </dl>
                {slot.type === 'thank_you' ? (
                  <>
                    <ThankYouSwitch orgId={orgId} />
                    <ReviewLinkForm orgId={orgId} />
                  </>
                ) : null}
                <div className="mt-auto">
                  <Button variant="outline" size="sm" onClick={() => setEditing(slot.type)} aria-label={`Edit ${slot.name}`}>
                    Edit
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryStatus>
      {editingSlot ? <EditTemplateDialog orgId={orgId} slot={editingSlot} onClose={() => setEditing(null)} /> : null}
    </AdminSection>
  );
}
