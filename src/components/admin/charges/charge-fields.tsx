import { InlineCheckbox } from '@/components/ui/checkbox-field';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import type { ChargeFormValues } from './charge-values';

const serviceTypes = [
  { value: 'none', label: 'No service charge' },
  { value: 'percent', label: 'A percent of the subtotal' },
  { value: 'per_guest', label: 'A fixed amount per guest' },
] as const;

const displays = [
  { value: 'itemized', label: 'Itemized: subtotal, service charge and tax' },
  { value: 'all_in', label: 'All-in: one price that includes tax and service charge' },
] as const;

interface Props {
  values: ChargeFormValues;
  error?: { field: keyof ChargeFormValues; message: string } | null;
  disabled?: boolean;
  onChange(values: ChargeFormValues): void;
}

/** Sales tax, service charge and how prices are shown: the organization's defaults and an event's own. */
export function ChargeFields({ values, error, disabled, onChange }: Props) {
  const set = <K extends keyof ChargeFormValues>(key: K, value: ChargeFormValues[K]) => onChange({ ...values, [key]: value });
  const errorOf = (field: keyof ChargeFormValues) => (error?.field === field ? error.message : undefined);
  /** A typed amount (a percent or dollars), kept as typed until the form is saved. */
  const amount = (field: 'taxPercent' | 'servicePercent' | 'serviceDollars', label: string, hint?: string) => (
    <FormField label={label} error={errorOf(field)} hint={hint}>
      <Input inputMode="decimal" disabled={disabled} value={values[field]} onChange={(e) => set(field, e.target.value)} />
    </FormField>
  );
  /** One of a few choices. */
  const choice = <K extends 'serviceType' | 'priceDisplay'>(
    field: K,
    label: string,
    options: readonly { value: ChargeFormValues[K]; label: string }[],
    className?: string,
  ) => (
    <FormField label={label} className={className}>
      <OptionSelect options={options} disabled={disabled} value={values[field]} onChange={(e) => set(field, e.target.value as ChargeFormValues[K])} />
    </FormField>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {amount('taxPercent', 'Sales tax (%)', '0 for none; up to two decimals, e.g. 8.25.')}
      {choice('serviceType', 'Service charge', serviceTypes)}
      {values.serviceType === 'percent' ? amount('servicePercent', 'Service charge (%)', 'Of the subtotal after any discount.') : null}
      {values.serviceType === 'per_guest' ? amount('serviceDollars', 'Service charge per guest ($)') : null}
      {values.serviceType !== 'none' ? (
        <InlineCheckbox
          className="self-end pb-2"
          disabled={disabled}
          checked={values.serviceTaxable}
          onChange={(e) => set('serviceTaxable', e.target.checked)}
        >
          The service charge is taxed
        </InlineCheckbox>
      ) : null}
      {choice('priceDisplay', 'Prices are shown', displays, 'sm:col-span-2')}
    </div>
  );
}
