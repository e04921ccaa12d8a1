import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { MAX_FILTER_TAGS, normalizeFilterTags } from '@cutroom/contracts/portfolio';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/**
 * Adds tags to the filter: Enter, a comma, Add or leaving the box turns what was typed into tags (exact
 * tags, lower-case, at most MAX_FILTER_TAGS). The chips showing them are TagChips, outside the
 * collapsible panel, so a phone shows what narrows the list even with the panel closed.
 *
 * In the filter form both the box and the tags already in the filter are named `tags`: submitted without
 * JavaScript, the typed tags join the others.
 */
export function TagFilterInput({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const full = tags.length >= MAX_FILTER_TAGS;
  const box = useRef<HTMLInputElement>(null);
  // Typed before the app took the server-rendered page over: kept in the box (the app's empty value would
  // wipe it at its next render), to be added as typing goes on.
  useEffect(() => {
    const typed = box.current?.value;
    if (typed) setText(typed);
  }, []);

  const add = (typed: string) => {
    const next = normalizeFilterTags([...tags, ...normalizeFilterTags(typed)]);
    if (next.join(',') !== tags.join(',')) onChange(next);
  };
  const commit = () => {
    add(text);
    setText('');
  };
  const type = (value: string) => {
    // Typing a comma finishes the tags before it; the rest stays in the box.
    const cut = value.lastIndexOf(',');
    if (cut === -1) return setText(value);
    add(value.slice(0, cut));
    setText(value.slice(cut + 1).trimStart());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    commit();
  };

  return (
    <div className="min-w-0 space-y-1.5 lg:flex-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Tags
      </label>
      <div className="flex gap-2">
        {tags.length > 0 && <input type="hidden" name="tags" value={tags.join(',')} />}
        <Input
          ref={box}
          id={id}
          name="tags"
          value={text}
          onChange={(e) => type(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => text.trim() && commit()}
          placeholder={full ? `Up to ${MAX_FILTER_TAGS} tags` : 'e.g. wedding, reels'}
          aria-describedby={full ? `${id}-full` : undefined}
          autoComplete="off"
          className="min-w-0 flex-1"
        />
        {/* Never disabled: leaving the box adds its text, and focus must not land on a dead button. Without
            JavaScript it could not add anything: Apply sends the typed tags. */}
        <Button variant="secondary" className="noscript:hidden" onClick={commit}>
          Add
        </Button>
      </div>
      {full && (
        <p id={`${id}-full`} className="text-xs text-slate-500">
          Up to {MAX_FILTER_TAGS} tags: remove one to add another.
        </p>
      )}
    </div>
  );
}

/** The tags in the filter, each removable. */
export function TagChips({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Tags in the filter">
      {tags.map((tag) => (
        <li
          key={tag}
          className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-3 text-sm font-medium text-brand-700 noscript:py-1 noscript:pr-3"
        >
          <span className="truncate">{tag}</span>
          {/* Only the app can remove one tag; without JavaScript, Clear filters removes them all. */}
          <button
            type="button"
            onClick={() => onChange(tags.filter((t) => t !== tag))}
            aria-label={`Remove tag ${tag}`}
            className="rounded-full p-1 hover:bg-brand-100 noscript:hidden"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
