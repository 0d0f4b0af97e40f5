import { useEffect } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useEmailTemplates } from '../api/get-email-templates';

const typeLabel = (t: string) => t.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** Read-only: templates are managed by the SupperHost team. */
export function EmailTemplatesTab({ orgId }: { orgId: string }) {
  const templates = useEmailTemplates(orgId);
  useEffect(() => {
    if (templates.isError) toast.error('Error', { description: 'Failed to fetch email templates' });
  }, [templates.isError]);

  return (
    <section aria-labelledby="templates-heading" className="space-y-4">
      <h2 id="templates-heading" className="font-serif text-2xl font-semibold">
        Email Templates
      </h2>
      {templates.isPending ? <Spinner label="Loading email templates…" /> : null}
      {templates.isError ? <Alert variant="destructive">Failed to fetch email templates</Alert> : null}
      {templates.data && templates.data.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">No email templates yet.</p>
      ) : null}
      {templates.data && templates.data.length > 0 ? (
        <Table aria-label="Email templates">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Subject</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Updated</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {templates.data.map((t) => (
              <TableRow key={t.id}>
                <TableCell className="font-medium">{t.name}</TableCell>
                <TableCell>{typeLabel(t.template_type)}</TableCell>
                <TableCell>{t.subject}</TableCell>
                <TableCell>{t.is_active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>}</TableCell>
                <TableCell className="whitespace-nowrap">{new Date(t.updated_at).toLocaleDateString('en-US', { dateStyle: 'medium' })}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </section>
  );
}
