import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CreateDialogTrigger } from '@/components/forms/create-dialog-trigger';
import { FormDialogFooter } from '@/components/forms/form-dialog-footer';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DuplicatePromoCodeError, useCreatePromoCode } from '../api/create-promo-code';
import { createPromoCodeSchema, type CreatePromoCodeOutput, type CreatePromoCodeValues } from '../schemas';
import { PromoCodeFields } from './promo-code-fields';

const empty: CreatePromoCodeValues = { code: '', discountType: 'percent', amount: '', maxUses: '' };

export function CreatePromoCodeDialog({ orgId }: { orgId: string }) {
  const [open, setOpen] = useState(false);
  const form = useForm<CreatePromoCodeValues, unknown, CreatePromoCodeOutput>({ resolver: zodResolver(createPromoCodeSchema), defaultValues: empty });
  const { errors } = form.formState;
  const type = form.watch('discountType');
  const create = useCreatePromoCode(orgId, {
    onSuccess: () => {
      toast.success('Success', { description: 'Promo code created successfully' });
      form.reset(empty);
      setOpen(false);
    },
    onError: (error) =>
      toast.error('Error', { description: error instanceof DuplicatePromoCodeError ? error.message : 'Failed to create promo code' }),
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <CreateDialogTrigger>Create Code</CreateDialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Promo Code</DialogTitle>
          <DialogDescription>Guests enter it at checkout. Codes are upper-cased.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" noValidate onSubmit={form.handleSubmit((values) => create.mutate({ orgId, values }))}>
          <PromoCodeFields register={form.register} errors={errors} discountType={type} />
          <FormDialogFooter onCancel={() => setOpen(false)} pending={create.isPending} pendingLabel="Creating…" submitLabel="Create Code" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
