import { useId } from 'react';
import { VENDOR_DATA_CATEGORIES, VENDOR_DATA_CATEGORY_LABELS, type VendorDataCategory } from '../../../../shared/schemas/vendors.ts';

/** The data categories a vendor sees, by checkbox. */
export function DataCategoryPicker({
  value,
  onChange,
  error,
}: {
  value: VendorDataCategory[];
  onChange: (next: VendorDataCategory[]) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">Data shared with the vendor</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {VENDOR_DATA_CATEGORIES.map((category) => (
          <label key={category} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={value.includes(category)}
              onChange={(event) => onChange(event.target.checked ? [...value, category] : value.filter((chosen) => chosen !== category))}
            />
            {VENDOR_DATA_CATEGORY_LABELS[category]}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
