import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatEventTime } from '@/lib/dates';
import type { DraftRsvpSlot } from '../types';

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
    <fieldset className="space-y-3 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">RSVP time slots</legend>
      {value.length > 0 ? (
        <ul className="divide-y rounded-md border" aria-label="RSVP time slots">
          {value.map((s) => (
            <li key={s.key} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="w-20">{formatEventTime(s.slotTime)}</span>
              <span className="flex-1 font-medium">{s.slotLabel}</span>
              <span className="text-muted-foreground">{s.maxCapacity} spots</span>
              <Button variant="ghost" size="icon" aria-label={`Remove ${s.slotLabel}`} onClick={() => onChange(value.filter((x) => x.key !== s.key))}>
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-[1fr_2fr_1fr_auto] sm:items-end">
        <FormField label="Slot time">
          <Input type="time" value={slotTime} onChange={(e) => setSlotTime(e.target.value)} />
        </FormField>
        <FormField label="Slot label">
          <Input value={slotLabel} onChange={(e) => setSlotLabel(e.target.value)} />
        </FormField>
        <FormField label="Capacity" error={capacityError}>
          <Input inputMode="numeric" value={capacity} onChange={(e) => setCapacity(e.target.value)} />
        </FormField>
        <Button variant="secondary" onClick={add} disabled={!canAdd}>
          Add slot
        </Button>
      </div>
    </fieldset>
  );
}
