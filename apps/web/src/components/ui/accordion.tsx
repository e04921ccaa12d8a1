import { Accordion as A } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { useHydrated } from '../../lib/use-hydrated';

export interface AccordionEntry {
  question: string;
  answer: string;
}

export function Accordion({ items }: { items: AccordionEntry[] }) {
  // Opening an answer needs the app: until it runs, a tap waits instead of doing nothing.
  const hydrated = useHydrated();
  return (
    <A.Root
      type="single"
      collapsible
      disabled={!hydrated}
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
    >
      {items.map((item, i) => (
        <A.Item key={item.question} value={`item-${i}`}>
          <A.Header>
            <A.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50">
              {item.question}
              <ChevronDown className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180" />
            </A.Trigger>
          </A.Header>
          <A.Content className="px-5 pb-4 text-slate-600">{item.answer}</A.Content>
        </A.Item>
      ))}
    </A.Root>
  );
}
