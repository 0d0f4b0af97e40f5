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
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Sales tax (%)" error={errorOf('taxPercent')} hint="0 for none; up to two decimals, e.g. 8.25.">
        <Input inputMode="decimal" disabled={disabled} value={values.taxPercent} onChange={(e) => set('taxPercent', e.target.value)} />
      </FormField>
      <FormField label="Service charge">
        <OptionSelect
          options={serviceTypes}
          disabled={disabled}
          value={values.serviceType}
          onChange={(e) => set('serviceType', e.target.value as ChargeFormValues['serviceType'])}
        />
      </FormField>
      {values.serviceType === 'percent' ? (
        <FormField label="Service charge (%)" error={errorOf('servicePercent')} hint="Of the subtotal after any discount.">
          <Input inputMode="decimal" disabled={disabled} value={values.servicePercent} onChange={(e) => set('servicePercent', e.target.value)} />
        </FormField>
      ) : null}
      {values.serviceType === 'per_guest' ? (
        <FormField label="Service charge per guest ($)" error={errorOf('serviceDollars')}>
          <Input inputMode="decimal" disabled={disabled} value={values.serviceDollars} onChange={(e) => set('serviceDollars', e.target.value)} />
        </FormField>
      ) : null}
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
      <FormField label="Prices are shown" className="sm:col-span-2">
        <OptionSelect
          options={displays}
          disabled={disabled}
          value={values.priceDisplay}
          onChange={(e) => set('priceDisplay', e.target.value as ChargeFormValues['priceDisplay'])}
        />
      </FormField>
    </div>
  );
}
