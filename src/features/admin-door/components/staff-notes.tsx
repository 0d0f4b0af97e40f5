import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { useSaveStaffNotes } from '../api/save-staff-notes';
import { doorMessages } from '../messages';
import type { DoorParty } from '../types';
import { SubmitButton } from '@/components/forms/submit-button';
import { SubmitForm } from '@/components/forms/submit-form';

/** Staff notes, shown on the card and edited inline. */
export function StaffNotes({ eventId, party }: { eventId: string; party: Pick<DoorParty, 'id' | 'name' | 'staffNotes'> }) {
  const [draft, setDraft] = useState<string | null>(null);
  const save = useSaveStaffNotes(eventId, {
    onSuccess: () => {
      setDraft(null);
      toast.success(doorMessages.notesSaved);
    },
    onError: (error) => toast.error(doorMessages.notesFailed, { description: error.message }),
  });

  if (draft === null) {
    return (
      <div className="flex items-start justify-between gap-2 text-sm">
        <p className="min-w-0 whitespace-pre-wrap break-words text-muted-foreground">
          {party.staffNotes ? (
            <>
              <span className="font-medium text-foreground">Staff notes: </span>
              {party.staffNotes}
            </>
          ) : (
            'No staff notes'
          )}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setDraft(party.staffNotes ?? '')}
          aria-label={`${party.staffNotes ? 'Edit notes' : 'Add notes'} for ${party.name}`}
        >
          {party.staffNotes ? 'Edit notes' : 'Add notes'}
        </Button>
      </div>
    );
  }

  return (
    <SubmitForm className="space-y-2" onSubmit={() => save.mutate({ reservationId: party.id, notes: draft })}>
      <FormField label={`Staff notes for ${party.name}`}>
        <Textarea value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={2000} rows={3} autoFocus />
      </FormField>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={() => setDraft(null)} disabled={save.isPending}>
          Cancel
        </Button>
        <SubmitButton size="sm" pending={save.isPending} pendingLabel="Saving…">
          Save notes
        </SubmitButton>
      </div>
    </SubmitForm>
  );
}
