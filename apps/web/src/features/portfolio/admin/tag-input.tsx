import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { addTags } from '@cutroom/contracts/portfolio';
import { Input } from '../../../components/ui/input';

/** Tags for one new file: added on Enter or comma, trimmed and never duplicated (contracts' addTags). */
export function TagInput({
  label,
  tags,
  onChange,
}: {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
}) {
  const [typed, setTyped] = useState('');
  const id = useId();

  const commit = (text: string) => {
    onChange(addTags(tags, text));
    setTyped('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      commit(typed);
    } else if (e.key === 'Backspace' && !typed && tags.length) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2 py-1.5 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200">
        {tags.map((tag) => (
          <span
            key={tag}
            className="flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-700"
          >
            {tag}
            <button
              type="button"
              className="rounded-full p-0.5 hover:bg-brand-100"
              aria-label={`Remove tag ${tag}`}
              onClick={() => onChange(tags.filter((t) => t !== tag))}
            >
              <X className="size-3" aria-hidden />
            </button>
          </span>
        ))}
        <Input
          id={id}
          value={typed}
          onChange={(e) => {
            // A comma typed or pasted anywhere commits what comes before it.
            if (e.target.value.includes(',')) commit(e.target.value);
            else setTyped(e.target.value);
          }}
          onKeyDown={onKeyDown}
          placeholder={tags.length ? 'Add another tag' : 'Add tags (Enter or comma)'}
          className="h-7 min-w-32 flex-1 border-0 px-1 py-0 focus:ring-0"
          maxLength={60}
        />
      </div>
    </div>
  );
}
