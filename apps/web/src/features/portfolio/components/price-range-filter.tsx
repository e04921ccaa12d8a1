import { useId } from 'react';
import { MAX_FILTER_PRICE } from '@cutroom/contracts/portfolio';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useDebouncedDraft } from '../hooks/use-debounced-draft';

/**
 * Lowest and highest price in whole rupees. Each box is applied to the URL once typing pauses; the error
 * comes from the applied range (not every keystroke), so typing "2000" after a minimum of 500 does not
 * flash "lowest above highest" at "2".
 */
export function PriceRangeFilter({
  minPrice,
  maxPrice,
  error,
  onMinChange,
  onMaxChange,
}: {
  minPrice: string;
  maxPrice: string;
  error?: string;
  onMinChange: (value: string) => void;
  onMaxChange: (value: string) => void;
}) {
  const id = useId();
  const min = useDebouncedDraft(minPrice, onMinChange);
  const max = useDebouncedDraft(maxPrice, onMaxChange);
  const errorId = `${id}-error`;
  // Named after the URL's parameters: the boxes are fields of the filter form.
  const box = (name: string, label: string, draft: typeof min, placeholder: string) => (
    <Input
      name={name}
      type="number"
      inputMode="numeric"
      min={0}
      max={MAX_FILTER_PRICE}
      step={1}
      aria-label={label}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      placeholder={placeholder}
      value={draft.draft}
      onChange={(e) => draft.setDraft(e.target.value)}
      className={cn('min-w-0', error && 'border-red-400')}
    />
  );
  return (
    <fieldset className="min-w-0 space-y-1.5 lg:w-64">
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">Price (₹)</legend>
      <div className="flex items-center gap-2">
        {box('minPrice', 'Lowest price in rupees', min, 'Min')}
        <span className="text-sm text-slate-500" aria-hidden>
          to
        </span>
        {box('maxPrice', 'Highest price in rupees', max, 'Max')}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
