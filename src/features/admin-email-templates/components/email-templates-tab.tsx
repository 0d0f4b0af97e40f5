import { useEffect } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { TableCell, TableRow } from '@/components/ui/table';
import { DataTable } from '@/components/ui/data-table';
import { useEmailTemplates } from '../api/get-email-templates';
import { AdminSection } from '@/components/admin/admin-section';
import { QueryStatus } from '@/components/admin/query-status';

const typeLabel = (t: string) => t.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** Read-only: templates are managed by the SupperHost team. */
export function EmailTemplatesTab({ orgId }: { orgId: string }) {
  const templates = useEmailTemplates(orgId);
  useEffect(() => {
    if (templates.isError) toast.error('Error', { description: 'Failed to fetch email templates' });
  }, [templates.isError]);

  return (
    <AdminSection id="templates" title="Email Templates">
      <QueryStatus query={templates} loading="Loading email templates…" failed="Failed to fetch email templates" empty="No email templates yet." />
      {templates.data && templates.data.length > 0 ? (
        <DataTable label="Email templates" columns={['Name', 'Type', 'Subject', 'Status', 'Updated']}>
          {templates.data.map((t) => (
            <TableRow key={t.id}>
              <TableCell className="font-medium">{t.name}</TableCell>
              <TableCell>{typeLabel(t.template_type)}</TableCell>
              <TableCell>{t.subject}</TableCell>
              <TableCell>{t.is_active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>}</TableCell>
              <TableCell className="whitespace-nowrap">{new Date(t.updated_at).toLocaleDateString('en-US', { dateStyle: 'medium' })}</TableCell>
            </TableRow>
          ))}
        </DataTable>
      ) : null}
    </AdminSection>
  );
}
