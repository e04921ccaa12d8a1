import { Tabs as T } from 'radix-ui';
import type { ReactNode } from 'react';

export function Tabs(props: {
  tabs: { value: string; label: string; content: ReactNode }[];
  defaultValue?: string;
}) {
  return (
    <T.Root defaultValue={props.defaultValue ?? props.tabs[0]?.value}>
      <T.List className="mb-4 flex gap-1 rounded-xl bg-slate-100 p-1">
        {props.tabs.map((t) => (
          <T.Trigger
            key={t.value}
            value={t.value}
            className="flex-1 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
          >
            {t.label}
          </T.Trigger>
        ))}
      </T.List>
      {props.tabs.map((t) => (
        <T.Content key={t.value} value={t.value}>
          {t.content}
        </T.Content>
      ))}
    </T.Root>
  );
}
