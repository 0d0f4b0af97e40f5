import { useState } from 'react';
import { AdminSection } from '@/components/admin/admin-section';
import { QueryStatus } from '@/components/admin/query-status';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { useChefInquiries } from '../api/get-chef-inquiries';
import { when } from '@/lib/when';
import { chefInquiryMessages } from '../messages';
import { chefInquiryStatuses, type ChefInquiryStatus } from '../types';
import { InquiryDetail } from './inquiry-detail';
import { StatusBadge } from './status-badge';
import { useErrorToast } from '@/hooks/use-error-toast';

const isStatus = (value: string): value is ChefInquiryStatus => (chefInquiryStatuses as readonly string[]).includes(value);

/**
 * The super admin's inbox of pop-up chef inquiries: a filter by status, the list, and the open
 * inquiry beside it (from 1024 px; below, the list and the inquiry take turns). The database
 * answers only the super admin.
 */
export function ChefInquiriesTab() {
  const inquiries = useChefInquiries();
  const [filter, setFilter] = useState<ChefInquiryStatus>('new');
  const [openId, setOpenId] = useState<string | null>(null);

  useErrorToast(inquiries.isError, chefInquiryMessages.loadFailed);

  const all = inquiries.data;
  const shown = all?.filter((i) => i.status === filter);
  const open = all?.find((i) => i.id === openId) ?? null;
  const count = (status: ChefInquiryStatus) => all?.filter((i) => i.status === status).length ?? 0;

  return (
    <AdminSection id="chef-inquiries" title={chefInquiryMessages.title}>
      <p className="text-sm text-muted-foreground">{chefInquiryMessages.intro}</p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:items-start">
        <div className={cn(open && 'hidden lg:block')}>
          <Tabs value={filter} onValueChange={(value) => isStatus(value) && setFilter(value)}>
            <TabsList aria-label="Show inquiries" className="grid w-full grid-cols-3">
              {chefInquiryStatuses.map((status) => (
                <TabsTrigger key={status} value={status} className="px-2">
                  {chefInquiryMessages.status[status]} ({count(status)})
                </TabsTrigger>
              ))}
            </TabsList>
            {chefInquiryStatuses.map((status) => (
              <TabsContent key={status} value={status} className="mt-3 space-y-3">
                <QueryStatus
                  query={inquiries}
                  rows={shown}
                  loading={chefInquiryMessages.loading}
                  failed={chefInquiryMessages.loadFailed}
                  empty={chefInquiryMessages.empty[status]}
                >
                  {(listed) => (
                    <ul aria-label={`${chefInquiryMessages.status[status]} inquiries`} className="divide-y rounded-lg border bg-card">
                      {listed.map((inquiry) => (
                        <li key={inquiry.id}>
                          <button
                            type="button"
                            aria-current={inquiry.id === openId ? 'true' : undefined}
                            onClick={() => setOpenId(inquiry.id)}
                            className={cn(
                              'flex w-full flex-col gap-1 px-4 py-3 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                              inquiry.id === openId && 'bg-muted',
                            )}
                          >
                            <span className="flex w-full items-center justify-between gap-2">
                              <span className="min-w-0 truncate font-medium">{inquiry.name}</span>
                              <StatusBadge status={inquiry.status} />
                            </span>
                            <span className="line-clamp-2 break-words text-sm text-muted-foreground">{inquiry.concept}</span>
                            <span className="text-xs text-muted-foreground">
                              {when(inquiry.createdAt)}
                              {inquiry.replyCount > 0 ? ` · ${inquiry.replyCount} ${inquiry.replyCount === 1 ? 'reply' : 'replies'}` : ''}
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </QueryStatus>
              </TabsContent>
            ))}
          </Tabs>
        </div>
        <div className={cn(!open && 'hidden lg:block')}>
          {open ? (
            <InquiryDetail
              key={open.id}
              inquiry={open}
              onBack={() => setOpenId(null)}
              onMoved={(status) => {
                if (status === null) setOpenId(null);
                else setFilter(status);
              }}
            />
          ) : (
            <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{chefInquiryMessages.pick}</p>
          )}
        </div>
      </div>
    </AdminSection>
  );
}
