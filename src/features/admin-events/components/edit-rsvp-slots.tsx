import { Controller, useFieldArray, type Control } from 'react-hook-form';
import type { FormPartProps } from '@/components/forms/form-part';
import { Plus } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import type { EditEventValues } from '../schemas';
import type { RsvpSlot } from '@/lib/booking';
import { RowLabel } from './edit-ticket-types';
import { RemoveRowButton } from './remove-row-button';

interface Props extends FormPartProps<EditEventValues> {
  control: Control<EditEventValues>;
  /** The event's saved slots by id: their labels name the rows, their taken spots give the minimum. */
  savedSlots: Map<string, RsvpSlot>;
}

/**
 * The time slots of an RSVP event: edit a slot's label, time and capacity (never below the spots
 * taken: the database refuses with the number), deactivate it (hidden from guests, bookings kept)
 * or turn it back on, or add a slot. Nothing is deleted here.
 */
export function EditRsvpSlots({ control, register, errors, savedSlots }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'rsvpSlots', keyName: 'key' });
  let added = 0;
  // Saved slots are named by their saved label (stable while being renamed), new ones by number.
  const names = fields.map((f) => {
    const saved = f.id ? savedSlots.get(f.id) : undefined;
    return saved ? `${saved.slot_label} slot` : `new slot ${++added}`;
  });

  return (
    <fieldset className="space-y-3 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">RSVP time slots</legend>
      <ul className="space-y-3" aria-label="RSVP time slots">
        {fields.map((field, i) => {
          const saved = field.id ? savedSlots.get(field.id) : undefined;
          const name = names[i];
          const rowErrors = errors.rsvpSlots?.[i];
          return (
            <li key={field.key} className="space-y-3 rounded-md border p-3" data-testid="edit-rsvp-slot">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-semibold">{saved ? saved.slot_label : 'New slot'}</p>
                {field.id ? (
                  <Controller
                    control={control}
                    name={`rsvpSlots.${i}.isActive`}
                    render={({ field: active }) => (
                      <div className="flex items-center gap-2 text-sm">
                        {active.value ? (
                          <Badge variant="success">Active</Badge>
                        ) : (
                          <Badge variant="secondary" className="whitespace-nowrap">
                            Inactive: hidden from guests
                          </Badge>
                        )}
                        <Switch checked={active.value} onCheckedChange={active.onChange} aria-label={`Active: ${name}`} />
                      </div>
                    )}
                  />
                ) : (
                  <RemoveRowButton name={name} onClick={() => remove(i)} />
                )}
              </div>
              <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
                <FormField label={<RowLabel words="Label" name={name} />} error={rowErrors?.slotLabel?.message}>
                  <Input {...register(`rsvpSlots.${i}.slotLabel`)} />
                </FormField>
                <FormField label={<RowLabel words="Time" name={name} />} error={rowErrors?.slotTime?.message}>
                  <Input type="time" {...register(`rsvpSlots.${i}.slotTime`)} />
                </FormField>
                <FormField
                  label={<RowLabel words="Capacity" name={name} />}
                  error={rowErrors?.maxCapacity?.message}
                  hint={saved ? `${saved.current_rsvps} taken: at least ${saved.current_rsvps}.` : undefined}
                >
                  <Input inputMode="numeric" {...register(`rsvpSlots.${i}.maxCapacity`)} />
                </FormField>
              </div>
            </li>
          );
        })}
      </ul>
      <Button variant="secondary" onClick={() => append({ id: '', slotLabel: '', slotTime: '', maxCapacity: '', isActive: true })}>
        <Plus className="mr-1 h-4 w-4" aria-hidden />
        Add slot
      </Button>
    </fieldset>
  );
}
