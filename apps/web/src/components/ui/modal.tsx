import { Dialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';

/**
 * An accessible dialog (focus trap, Escape, labelled title). Closing it puts the focus back on whatever
 * had it when it opened, the button that opened it as a rule.
 */
export function Modal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
          // Fired before the focus moves in, so the opener still has it.
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          // Radix only returns the focus to a Dialog.Trigger, and these dialogs are opened by their
          // callers' own buttons: without this the focus fell to <body> and a keyboard user started over
          // from the top of the page. An opener gone meanwhile (its row re-rendered, say) is left to Radix,
          // and so is a focus the caller has already placed elsewhere (useReturnFocus's fallback).
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            const active = document.activeElement;
            const placed = active && active !== document.body && active.isConnected;
            if (!target?.isConnected || placed) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-bold text-slate-900">{props.title}</Dialog.Title>
              {props.description ? (
                <Dialog.Description className="mt-1 text-sm text-slate-500">
                  {props.description}
                </Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{props.title}</Dialog.Description>
              )}
            </div>
            <Dialog.Close aria-label="Close" className="rounded-md p-1 text-slate-500 hover:bg-slate-100">
              <X className="size-5" />
            </Dialog.Close>
          </div>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
