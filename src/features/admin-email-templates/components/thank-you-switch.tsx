import { useId } from 'react';
import { toast } from 'sonner';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useSetThankYouEmails, useThankYouSettings } from '../api/thank-you-emails';
import { templateMessages } from '../messages';

/**
 * The thank-you card's on/off switch: whether the organization's guests get the thank-you email the
 * morning after each dinner (off until turned on). Any member of the organization may change it.
 */
export function ThankYouSwitch({ orgId }: { orgId: string }) {
  const switchId = useId();
  const hintId = useId();
  const setting = useThankYouSettings(orgId);
  const change = useSetThankYouEmails(orgId, {
    onSuccess: (on) => toast.success(on ? templateMessages.thankYouOn : templateMessages.thankYouOff),
    onError: (error) => toast.error(templateMessages.thankYouFailed, { description: error.message || templateMessages.fallback }),
  });

  return (
    <div className="grid gap-1 border-t pt-3">
      <div className="flex items-center gap-2">
        <Switch
          id={switchId}
          aria-describedby={hintId}
          checked={setting.data?.thankYouEmails ?? false}
          disabled={setting.data === undefined || change.isPending}
          onCheckedChange={(on) => change.mutate({ orgId, on })}
        />
        <Label htmlFor={switchId}>{templateMessages.thankYouSwitch}</Label>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {templateMessages.thankYouHint}
      </p>
      {setting.isError ? (
        <p role="alert" className="text-xs text-destructive">
          {templateMessages.thankYouLoadFailed}
        </p>
      ) : null}
    </div>
  );
}
