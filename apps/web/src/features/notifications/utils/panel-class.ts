import { cn } from '../../../lib/cn';

/** The bell's panel box: on a phone, the width of the screen under the bar; wider, a card under the bell. */
export const PANEL_CLASS = cn(
  'fixed inset-x-2 top-[4.5rem] z-40 flex max-h-[calc(100dvh-5.5rem)] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl',
  'sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:max-h-[min(36rem,calc(100dvh-6rem))] sm:w-96',
);
