import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { TitledCard } from '@/components/ui/titled-card';
import { supabase } from '@/lib/supabase';
import { SubmitForm } from '@/components/forms/submit-form';

const DEFAULT_HOURS = 48;
const MAX_HOURS = 336;

const key = (eventId: string) => ['event-split-payments', eventId] as const;

/** The event's setting (table event_split_payments: a row means allowed), or null when guests pay as a party. */
function useSplitSetting(eventId: string) {
  return useQuery({
    queryKey: key(eventId),
    queryFn: async () => {
      const { data, error } = await supabase.from('event_split_payments').select('cutoff_hours').eq('event_id', eventId).maybeSingle();
      if (error) throw error;
      return data;
    },
  });
}

/**
 * The host lets the guests of a booking each pay their own seat, and sets how long the unpaid
 * seats are held after booking (never past the dinner's start: the server caps it). Members of
 * the organization manage it (RLS on event_split_payments).
 */
export function SplitPaymentsSetting({ eventId }: { eventId: string }) {
  const setting = useSplitSetting(eventId);
  if (setting.data === undefined) return null;
  return <SplitPaymentsForm key={setting.data?.cutoff_hours ?? 'off'} eventId={eventId} saved={setting.data} />;
}

function SplitPaymentsForm({ eventId, saved }: { eventId: string; saved: { cutoff_hours: number } | null }) {
  const queryClient = useQueryClient();
  const [allowed, setAllowed] = useState(saved !== null);
  const [hours, setHours] = useState(String(saved?.cutoff_hours ?? DEFAULT_HOURS));
  const save = useMutation({
    mutationFn: async () => {
      const { error } = allowed
        ? await supabase.from('event_split_payments').upsert({ event_id: eventId, cutoff_hours: Number(hours) }, { onConflict: 'event_id' })
        : await supabase.from('event_split_payments').delete().eq('event_id', eventId);
      if (error) throw error;
    },
    onSuccess: () => {
      toast.success(allowed ? 'Guests can pay their own seats' : 'Guests pay as a party');
      return queryClient.invalidateQueries({ queryKey: key(eventId) });
    },
    onError: (error) => toast.error('Could not save the setting', { description: error.message }),
  });
  const hoursNumber = Number(hours);
  const hoursError =
    allowed && (!Number.isInteger(hoursNumber) || hoursNumber < 1 || hoursNumber > MAX_HOURS)
      ? `Enter whole hours from 1 to ${MAX_HOURS}.`
      : undefined;

  return (
    <TitledCard
      title="Split payments"
      description="Let the person who books choose that everyone pays their own seat: they pay theirs, and each guest pays from their seat link."
      className="space-y-4"
    >
      <SubmitForm
        className="space-y-4"
        onSubmit={() => {
          if (!hoursError) save.mutate();
        }}
      >
        <CheckboxField label="Guests may each pay their own seat" checked={allowed} onChange={(e) => setAllowed(e.target.checked)} />
        {allowed ? (
          <FormField
            label="Hold unpaid seats for (hours after booking)"
            error={hoursError}
            hint="Never past the dinner's start. Unpaid seats are then released to the waitlist."
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_HOURS}
              value={hours}
              onChange={(e) => setHours(e.target.value)}
              className="max-w-32"
            />
          </FormField>
        ) : null}
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </SubmitForm>
    </TitledCard>
  );
}
