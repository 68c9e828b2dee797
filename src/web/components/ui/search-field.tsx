import { Search } from 'lucide-react';
import { Input } from './input.tsx';
import { Label } from './label.tsx';

/** A labelled search box with the magnifier inside it, as the admin panels filter their lists. */
export function SearchField({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <div className="grid w-full max-w-md gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="pl-9"
          placeholder={placeholder}
        />
      </div>
    </div>
  );
}
