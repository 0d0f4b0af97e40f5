import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { EmailMessageFields } from '@/components/forms/email-message-fields';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { ClosingDialog } from '@/components/ui/closing-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useGuestMessageTemplate } from '../api/get-guest-message-template';
import { useSendGuestEmail } from '../api/send-guest-email';
import { defaultGuestEmail, reservationMessages } from '../messages';
import { guestEmailSchema, type GuestEmailValues } from '../schemas';
import type { AdminReservation } from '../types';

interface Props {
  orgName: string;
  reservation: AdminReservation;
  onClose(): void;
}

/** Starts from the organization's own "Guest message" template when it has one. */
export function EmailGuestDialog(props: Props) {
  const template = useGuestMessageTemplate(props.reservation.org_id);
  if (template.isPending) return null;
  const own = template.data ?? null;
  return <EmailGuestForm {...props} initial={own ? { subject: own.subject, message: own.body } : null} />;
}

function EmailGuestForm({ orgName, reservation, onClose, initial }: Props & { initial: { subject: string; message: string } | null }) {
  const defaults = initial ?? defaultGuestEmail(reservation, orgName);
  const form = useForm<GuestEmailValues>({
    resolver: zodResolver(guestEmailSchema),
    defaultValues: { email: reservation.email, subject: defaults.subject, message: defaults.message },
  });
  const { errors } = form.formState;
  const send = useSendGuestEmail({
    onSuccess: () => {
      toast.success(reservationMessages.success, { description: reservationMessages.emailSent });
      onClose();
    },
    // The product's words, then the server's own reason when it gave one.
    onError: (error) =>
      toast.error(reservationMessages.error, {
        description:
          error.message && !/failed \(\d+\)$/.test(error.message)
            ? `${reservationMessages.emailFailed}: ${error.message}`
            : reservationMessages.emailFailed,
      }),
  });

  return (
    <ClosingDialog
      title="Email Guest"
      description={
        <>
          To {reservation.name} about {reservation.event_title}
        </>
      }
      onClose={onClose}
    >
      <form
        className="space-y-4"
        noValidate
        onSubmit={form.handleSubmit((values) => send.mutate({ ...values, guestName: reservation.name, reservationId: reservation.id }))}
      >
        {/* Staff emails go only to the reservation's own guest (the function refuses any other address). */}
        <FormField label="Recipient" error={errors.email?.message}>
          <Input type="email" readOnly aria-readonly="true" className="bg-muted" {...form.register('email')} />
        </FormField>
        <EmailMessageFields
          subject={form.register('subject')}
          message={form.register('message')}
          errors={{ subject: errors.subject?.message, message: errors.message?.message }}
        />
        <FormDialogFooter onCancel={onClose} pending={send.isPending} pendingLabel="Sending…" submitLabel="Send Email" />
      </form>
    </ClosingDialog>
  );
}
