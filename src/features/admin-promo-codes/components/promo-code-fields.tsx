import type { FormPartProps } from '@/components/forms/form-part';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import type { CreatePromoCodeValues } from '../schemas';

interface Props extends FormPartProps<CreatePromoCodeValues> {
  discountType: CreatePromoCodeValues['discountType'];
}

/** What a code gives and how often: the fields the create and edit dialogs share. */
export function PromoCodeFields({ register, errors, discountType }: Props) {
  return (
    <>
      <FormField label="Code" error={errors.code?.message}>
        <Input autoCapitalize="characters" className="uppercase" {...register('code')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Discount type">
          <NativeSelect {...register('discountType')}>
            <option value="percent">Percent</option>
            <option value="fixed">Fixed amount ($)</option>
          </NativeSelect>
        </FormField>
        <FormField label={discountType === 'percent' ? 'Discount (%)' : 'Discount ($)'} error={errors.amount?.message}>
          <Input inputMode="decimal" {...register('amount')} />
        </FormField>
      </div>
      <FormField label="Max uses" error={errors.maxUses?.message} hint="Leave empty for unlimited.">
        <Input inputMode="numeric" {...register('maxUses')} />
      </FormField>
    </>
  );
}
