import { Search } from 'lucide-react';
import { Input } from './input';

interface Props {
  /** The field's accessible name. */
  label: string;
  placeholder: string;
  value: string;
  onValueChange(value: string): void;
}

/** A search field with its magnifier icon. */
export function SearchInput({ label, placeholder, value, onValueChange }: Props) {
  return (
    <div className="relative w-full sm:w-80">
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}
