import { useId, useState, type KeyboardEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { dedupeTexts } from '@cutroom/contracts/portfolio';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/**
 * Presets as checkboxes plus entries the admin types (Enter or Add), kept free of duplicates
 * (case-insensitive) by the contracts' rule.
 */
export function ChoiceList(props: {
  legend: string;
  presets: readonly string[];
  value: string[];
  onChange: (next: string[]) => void;
  addLabel: string;
  columns?: string;
}) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const lower = new Set(props.value.map((v) => v.toLowerCase()));
  const custom = props.value.filter((v) => !props.presets.some((p) => p.toLowerCase() === v.toLowerCase()));

  const toggle = (preset: string, on: boolean) =>
    props.onChange(
      on
        ? dedupeTexts([...props.value, preset])
        : props.value.filter((v) => v.toLowerCase() !== preset.toLowerCase()),
    );
  const add = () => {
    if (!typed.trim()) return;
    props.onChange(dedupeTexts([...props.value, typed]));
    setTyped('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{props.legend}</legend>
      <div className={props.columns ?? 'mt-2 grid gap-x-4 gap-y-1.5 sm:grid-cols-2'}>
        {props.presets.map((preset) => (
          <label key={preset} className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
              checked={lower.has(preset.toLowerCase())}
              onChange={(e) => toggle(preset, e.target.checked)}
            />
            {preset}
          </label>
        ))}
      </div>
      {custom.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Custom ${props.legend}`}>
          {custom.map((entry) => (
            <li
              key={entry}
              className="flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-3 text-sm text-brand-700"
            >
              {entry}
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-brand-100"
                aria-label={`Remove ${entry}`}
                onClick={() => props.onChange(props.value.filter((v) => v !== entry))}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {props.addLabel}
        </label>
        <Input
          id={inputId}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={props.addLabel}
          maxLength={120}
        />
        <Button variant="secondary" onClick={add} disabled={!typed.trim()} aria-label={props.addLabel}>
          <Plus className="size-4" aria-hidden /> Add
        </Button>
      </div>
    </fieldset>
  );
}
