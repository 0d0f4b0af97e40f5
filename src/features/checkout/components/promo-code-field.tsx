import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { PromoState } from '../types';

interface Props {
  code: string;
  state: PromoState;
  disabled?: boolean;
  onCodeChange(code: string): void;
  onApply(): void;
}

/** The special/promo code: upper-cased as typed; any edit returns it to "not applied". */
export function PromoCodeField({ code, state, disabled, onCodeChange, onApply }: Props) {
  const id = useId();
  const messageId = `${id}-message`;
  const message =
    state.status === 'applied'
      ? { text: 'Code applied', tone: 'text-emerald-700' }
      : (state.status === 'error' || state.status === 'idle') && state.message
        ? { text: state.message, tone: 'text-destructive' }
        : null;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Special code</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="PROMO CODE"
          disabled={disabled}
          aria-invalid={state.status === 'error' ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={(e) => onCodeChange(e.target.value.toUpperCase())}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onApply();
            }
          }}
        />
        <Button variant="outline" onClick={onApply} disabled={disabled || state.status === 'applying'}>
          {state.status === 'applying' ? 'Applying...' : 'Apply'}
        </Button>
      </div>
      {message ? (
        <p id={messageId} role={message.tone === 'text-destructive' ? 'alert' : 'status'} className={`text-sm font-medium ${message.tone}`}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
