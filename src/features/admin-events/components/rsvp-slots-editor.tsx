import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatEventTime } from '@/lib/dates';
import type { DraftRsvpSlot } from '../types';
import { DraftListEditor } from './draft-list-editor';

interface Props {
  value: DraftRsvpSlot[];
  onChange(next: DraftRsvpSlot[]): void;
}

/** A slot needs a time, a label and a capacity. */
export function RsvpSlotsEditor({ value, onChange }: Props) {
  const [slotTime, setSlotTime] = useState('');
  const [slotLabel, setSlotLabel] = useState('');
  const [capacity, setCapacity] = useState('');
  const cap = /^\d+$/.test(capacity.trim()) && Number(capacity) > 0 ? Number(capacity) : null;
  const canAdd = /^\d{2}:\d{2}$/.test(slotTime) && slotLabel.trim() !== '' && cap !== null;
  const capacityError = capacity.trim() !== '' && cap === null ? 'Enter a whole number above 0' : undefined;

  const add = () => {
    if (!canAdd) return;
    const next = [...value, { key: crypto.randomUUID(), slotTime, slotLabel: slotLabel.trim(), maxCapacity: cap! }];
    onChange(next.sort((a, b) => a.slotTime.localeCompare(b.slotTime)));
    setSlotTime('');
    setSlotLabel('');
    setCapacity('');
  };

  return (
    <DraftListEditor
      legend="RSVP time slots"
      value={value}
      onChange={onChange}
      nameOf={(s) => s.slotLabel}
      row={(s) => (
        <>
          <span className="w-20">{formatEventTime(s.slotTime)}</span>
          <span className="flex-1 font-medium">{s.slotLabel}</span>
          <span className="text-muted-foreground">{s.maxCapacity} spots</span>
        </>
      )}
      addColumns="sm:grid-cols-[1fr_2fr_1fr_auto]"
      fields={
        <>
          <FormField label="Slot time">
            <Input type="time" value={slotTime} onChange={(e) => setSlotTime(e.target.value)} />
          </FormField>
          <FormField label="Slot label">
            <Input value={slotLabel} onChange={(e) => setSlotLabel(e.target.value)} />
          </FormField>
          <FormField label="Capacity" error={capacityError}>
            <Input inputMode="numeric" value={capacity} onChange={(e) => setCapacity(e.target.value)} />
          </FormField>
        </>
      }
      addLabel="Add slot"
      canAdd={canAdd}
      onAdd={add}
    />
  );
}
