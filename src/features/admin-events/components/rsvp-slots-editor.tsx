import { formatEventTime } from '@/lib/dates';
import type { DraftRsvpSlot } from '../types';
import { DraftListEditor, useDraftText, type DraftListProps } from './draft-list-editor';

/** A slot needs a time, a label and a capacity. */
export function RsvpSlotsEditor({ value, onChange }: DraftListProps<DraftRsvpSlot>) {
  const { text, set, clear } = useDraftText('slotTime', 'slotLabel', 'capacity');
  const { slotTime, slotLabel, capacity } = text;
  const cap = /^\d+$/.test(capacity.trim()) && Number(capacity) > 0 ? Number(capacity) : null;
  const canAdd = /^\d{2}:\d{2}$/.test(slotTime) && slotLabel.trim() !== '' && cap !== null;
  const capacityError = capacity.trim() !== '' && cap === null ? 'Enter a whole number above 0' : undefined;

  const add = () => {
    if (!canAdd) return;
    const next = [...value, { key: crypto.randomUUID(), slotTime, slotLabel: slotLabel.trim(), maxCapacity: cap! }];
    onChange(next.sort((a, b) => a.slotTime.localeCompare(b.slotTime)));
    clear();
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
      fields={[
        { label: 'Slot time', type: 'time', value: slotTime, onChange: set('slotTime') },
        { label: 'Slot label', value: slotLabel, onChange: set('slotLabel') },
        { label: 'Capacity', error: capacityError, inputMode: 'numeric', value: capacity, onChange: set('capacity') },
      ]}
      addLabel="Add slot"
      canAdd={canAdd}
      onAdd={add}
    />
  );
}
