import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { ClosingDialog } from '@/components/ui/closing-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { withReason } from '@/lib/error-reason';
import { DuplicatePromoCodeError } from '../api/create-promo-code';
import { usePromoEvents } from '../api/get-promo-events';
import { useUpdatePromoCode } from '../api/update-promo-code';
import { toLocalInput } from '../lib/format';
import { editPromoCodeSchema, type EditPromoCodeOutput, type EditPromoCodeValues } from '../schemas';
import type { PromoCode } from '../types';
import { PromoCodeFields } from './promo-code-fields';

function toValues(code: PromoCode): EditPromoCodeValues {
  return {
    code: code.code,
    discountType: code.discount_type,
    amount: code.discount_type === 'percent' ? String(code.discount_amount) : (code.discount_amount / 100).toFixed(2),
    maxUses: code.max_uses === null ? '' : String(code.max_uses),
    startsAt: toLocalInput(code.starts_at),
    endsAt: toLocalInput(code.ends_at),
    eventIds: code.event_ids ?? [],
  };
}

/** Edits a code: what it gives, how often, when (optional window) and for which events (optional). */
export function EditPromoCodeDialog({ orgId, code, onClose }: { orgId: string; code: PromoCode; onClose(): void }) {
  const events = usePromoEvents(orgId);
  const form = useForm<EditPromoCodeValues, unknown, EditPromoCodeOutput>({
    resolver: zodResolver(editPromoCodeSchema),
    defaultValues: toValues(code),
  });
  const { errors } = form.formState;
  const type = form.watch('discountType');
  // Controlled by the form's value (not by the DOM): the event list may load after the form.
  const selectedEvents = form.watch('eventIds');
  const update = useUpdatePromoCode(orgId, {
    onSuccess: () => {
      toast.success('Success', { description: 'Promo code updated' });
      onClose();
    },
    onError: (error) =>
      toast.error('Error', {
        description: error instanceof DuplicatePromoCodeError ? error.message : withReason('Failed to update promo code', error),
      }),
  });

  return (
    <ClosingDialog
      className="max-h-[90dvh] overflow-y-auto"
      title={<>Edit {code.code}</>}
      description={
        <>
          Used {code.times_redeemed} {code.times_redeemed === 1 ? 'time' : 'times'}: max uses cannot go below that.
        </>
      }
      onClose={onClose}
    >
      <form className="space-y-4" noValidate onSubmit={form.handleSubmit((values) => update.mutate({ id: code.id, values }))}>
        <PromoCodeFields register={form.register} errors={errors} discountType={type} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Valid from" error={errors.startsAt?.message} hint="Optional.">
            <Input type="datetime-local" {...form.register('startsAt')} />
          </FormField>
          <FormField label="Valid until" error={errors.endsAt?.message} hint="Optional.">
            <Input type="datetime-local" {...form.register('endsAt')} />
          </FormField>
        </div>
        <fieldset className="space-y-2 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">Only for these events</legend>
          <p className="text-xs text-muted-foreground">None checked: every event.</p>
          <div className="max-h-40 space-y-1 overflow-y-auto">
            {(events.data ?? []).map((e) => (
              <label key={e.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-primary"
                  checked={selectedEvents.includes(e.id)}
                  onChange={(change) =>
                    form.setValue('eventIds', change.target.checked ? [...selectedEvents, e.id] : selectedEvents.filter((id) => id !== e.id), {
                      shouldDirty: true,
                    })
                  }
                />
                <span>
                  {e.title} <span className="text-muted-foreground">({e.date})</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormDialogFooter onCancel={onClose} pending={update.isPending} pendingLabel="Saving…" submitLabel="Save Changes" />
      </form>
    </ClosingDialog>
  );
}
