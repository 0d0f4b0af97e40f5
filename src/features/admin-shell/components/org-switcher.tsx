import { useId } from 'react';
import { OptionSelect } from '@/components/ui/option-select';
import { cn } from '@/lib/utils';
import type { AdminOrg } from '../types';

interface Props {
  orgs: AdminOrg[];
  value: string;
  onChange(orgId: string): void;
  className?: string;
}

/** A native select: keyboard- and phone-friendly, labelled for screen readers. */
export function OrgSwitcher({ orgs, value, onChange, className }: Props) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="sr-only">
        Organization
      </label>
      <OptionSelect
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 min-w-0 py-1 text-sm"
        options={orgs.map((org) => ({ value: org.id, label: org.name }))}
      />
    </div>
  );
}
