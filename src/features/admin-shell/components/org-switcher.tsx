import { useId } from 'react';
import { NativeSelect } from '@/components/ui/input';
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
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} className="h-9 min-w-0 py-1 text-sm">
        {orgs.map((org) => (
          <option key={org.id} value={org.id}>
            {org.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
