import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/layout/page-spinner';
import { PageMeta } from '@/components/seo/page-meta';
import { FrameGuard } from '@/components/ui/frame-guard';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/api/get-session';
import { useSignOut } from '@/features/auth/api/sign-out';
import { authMessages } from '@/features/auth/messages';
import { AdminShell } from '@/features/admin-shell/components/admin-shell';
import { AuthRequired } from '@/features/admin-shell/components/auth-required';
import { tabTitle } from '@/features/admin-shell/lib/nav';
import { EventsTab } from '@/features/admin-events/components/events-tab';
import { WaitlistDialog } from '@/features/admin-waitlist/components/waitlist-dialog';
import { StaffBookingDialog } from '@/features/admin-staff-booking/components/staff-booking-dialog';
import { DuplicateEventDialog } from '@/features/admin-repeat-event/components/duplicate-event-dialog';
import { ReservationsTab } from '@/features/admin-reservations/components/reservations-tab';
import { RsvpsTab } from '@/features/admin-rsvps/components/rsvps-tab';
import { GuestsTab } from '@/features/admin-guests/components/guests-tab';
import { PrivateDinnersTab } from '@/features/admin-private-dinners/components/private-dinners-tab';
import { BrandingTab } from '@/features/admin-branding/components/branding-tab';
import { PromoCodesTab } from '@/features/admin-promo-codes/components/promo-codes-tab';
import { EmailTemplatesTab } from '@/features/admin-email-templates/components/email-templates-tab';
import { EmbedTab } from '@/features/admin-embed/components/embed-tab';
import { TeamTab } from '@/features/admin-team/components/team-tab';
import { PaymentsTab } from '@/features/admin-payments/components/payments-tab';
import { BooksTab } from '@/features/admin-books/components/books-tab';
import { CreateOrganization } from '@/features/admin-onboarding/components/create-organization';
import { SetupChecklist } from '@/features/admin-onboarding/components/setup-checklist';
import { ChefInquiriesTab } from '@/features/admin-chef-inquiries/components/chef-inquiries-tab';
import { OrganizationsTab } from '@/features/admin-organizations/components/organizations-tab';

/**
 * /admin (its own lazy chunk: guests never download it). The panel never renders inside
 * a frame; production also sends X-Frame-Options: DENY and CSP frame-ancestors 'none'.
 */
export default function AdminRoute() {
  const state = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut({
    onSuccess: () => {
      toast.success(authMessages.signedOut);
      void navigate(paths.auth.getHref(), { replace: true });
    },
    onError: () => toast.error('Error', { description: authMessages.signOutFailed }),
  });

  return (
    <FrameGuard>
      <PageMeta title="Admin" />
      {state.status === 'loading' ? (
        <PageSpinner label="Loading admin panel…" />
      ) : state.session === null ? (
        <AuthRequired />
      ) : (
        <AdminShell
          user={{ id: state.session.user.id, email: state.session.user.email }}
          onSignOut={() => signOut.mutate()}
          signingOut={signOut.isPending}
          renderNoOrganization={() => (
            <CreateOrganization email={state.session?.user.email ?? ''} onSignOut={() => signOut.mutate()} signingOut={signOut.isPending} />
          )}
          renderTab={({ tab, org, layout, goTo }) => (
            <>
              <PageMeta title={`${tabTitle(tab)} · Admin`} />
              {/* One h1 per admin page: the organization's panel (each tab's own title is its h2). */}
              <h1 className="sr-only">{`${org.name} · Admin`}</h1>
              <SetupChecklist org={org} goTo={goTo} />
              {tab === 'events' ? (
                <EventsTab
                  orgId={org.id}
                  layout={layout}
                  renderWaitlist={(event, onClose) => <WaitlistDialog orgId={org.id} event={event} onClose={onClose} />}
                  renderAddBooking={(event, onClose) => <StaffBookingDialog orgId={org.id} event={event} onClose={onClose} />}
                  renderDuplicate={(event, onClose) => <DuplicateEventDialog orgId={org.id} event={event} onClose={onClose} />}
                />
              ) : null}
              {tab === 'reservations' ? <ReservationsTab orgId={org.id} orgName={org.name} layout={layout} /> : null}
              {tab === 'rsvps' ? <RsvpsTab orgId={org.id} layout={layout} /> : null}
              {tab === 'guests' ? <GuestsTab orgId={org.id} orgSlug={org.slug} layout={layout} /> : null}
              {tab === 'private-dinners' ? <PrivateDinnersTab orgId={org.id} onOpenBranding={() => goTo('settings-branding')} /> : null}
              {tab === 'settings-branding' ? <BrandingTab orgId={org.id} orgSlug={org.slug} /> : null}
              {tab === 'settings-promo-codes' ? <PromoCodesTab orgId={org.id} /> : null}
              {tab === 'settings-email-templates' ? <EmailTemplatesTab orgId={org.id} /> : null}
              {tab === 'settings-embed-form' ? <EmbedTab orgSlug={org.slug} orgName={org.name} /> : null}
              {tab === 'settings-team' ? <TeamTab orgId={org.id} orgName={org.name} isOwner={org.role === 'owner'} /> : null}
              {tab === 'settings-payments' ? <PaymentsTab orgId={org.id} orgName={org.name} /> : null}
              {tab === 'settings-books' ? <BooksTab orgId={org.id} orgSlug={org.slug} layout={layout} /> : null}
              {tab === 'chef-inquiries' ? <ChefInquiriesTab /> : null}
              {tab === 'organizations' ? <OrganizationsTab /> : null}
            </>
          )}
        />
      )}
    </FrameGuard>
  );
}
