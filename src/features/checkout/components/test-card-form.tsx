import { useImperativeHandle, useState, type Ref } from 'react';
import { FlaskConical } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionSelect } from '@/components/ui/option-select';
import type { ChargeCardVerificationDetails } from '../lib/square-sdk';
import { DEFAULT_TEST_CARD, TEST_OUTCOMES, testNonce, type TestOutcome } from '../lib/test-card';
import type { CardFormHandle } from '../types';

/**
 * Stands in for Square's card field when no Square application is configured (the local stack,
 * tests). It never takes real card data: it turns a test card number and a chosen outcome into
 * Square's sandbox nonces, which the server's test processor honours. It takes the same
 * verification details as Square's card field and shows them.
 */
export function TestCardForm({ ref, disabled }: { ref?: Ref<CardFormHandle>; disabled?: boolean }) {
  const [cardNumber, setCardNumber] = useState('');
  const [outcome, setOutcome] = useState<TestOutcome>('ok');
  const [error, setError] = useState<string | undefined>();
  // What Square's card field would have been given to verify the buyer, shown so it can be checked.
  const [verification, setVerification] = useState<ChargeCardVerificationDetails | null>(null);

  useImperativeHandle(
    ref,
    () => ({
      isReady: () => true,
      async tokenize(details) {
        setVerification(details);
        const result = testNonce(cardNumber, outcome);
        if ('error' in result) {
          setError(result.error);
          return { status: 'ERROR', message: result.error };
        }
        setError(undefined);
        return { status: 'OK', token: result.nonce };
      },
    }),
    [cardNumber, outcome],
  );

  return (
    <fieldset className="space-y-4 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-amber-950" data-testid="test-card-form">
      <legend className="flex items-center gap-2 px-1 text-sm font-semibold">
        <FlaskConical className="h-4 w-4" aria-hidden />
        Test mode — no real card is charged
      </legend>
      <p className="text-sm">No card processor is configured here. Enter the test card number and choose the result to simulate.</p>
      <FormField label="Test card number" error={error} hint={`Use ${DEFAULT_TEST_CARD}.`}>
        <Input
          inputMode="numeric"
          autoComplete="off"
          placeholder={DEFAULT_TEST_CARD}
          value={cardNumber}
          disabled={disabled}
          onChange={(e) => {
            setCardNumber(e.target.value);
            setError(undefined);
          }}
          className="bg-white"
        />
      </FormField>
      <FormField label="Simulated result">
        <OptionSelect
          options={TEST_OUTCOMES}
          value={outcome}
          disabled={disabled}
          onChange={(e) => setOutcome(e.target.value as TestOutcome)}
          className="bg-white"
        />
      </FormField>
      {verification ? (
        <p className="text-sm" data-testid="test-card-verification">
          Verification details: {verification.amount} {verification.currencyCode}, {verification.intent},{' '}
          {[verification.billingContact.givenName, verification.billingContact.familyName].filter(Boolean).join(' ') || 'no name'}
          {verification.billingContact.email ? ` <${verification.billingContact.email}>` : ''}
          {verification.customerInitiated ? ', customer initiated' : ''}
          {verification.sellerKeyedIn ? ', seller keyed in' : ''}
        </p>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        onClick={() => {
          setCardNumber(DEFAULT_TEST_CARD);
          setError(undefined);
        }}
      >
        Fill test card number
      </Button>
    </fieldset>
  );
}
