import { ChevronDown } from 'lucide-react';
import { Button } from './button.tsx';

/** 'Open' / 'Close' for a list row whose details unfold below it (`controls` is the details' id). */
export function DisclosureButton({
  isOpen,
  name,
  controls,
  onToggle,
}: {
  isOpen: boolean;
  /** What the row is, for the accessible name: "Open <name>". */
  name: string;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      aria-expanded={isOpen}
      aria-label={`${isOpen ? 'Close' : 'Open'} ${name}`}
      aria-controls={controls}
      onClick={onToggle}
    >
      <ChevronDown aria-hidden className={isOpen ? 'rotate-180' : undefined} /> {isOpen ? 'Close' : 'Open'}
    </Button>
  );
}
