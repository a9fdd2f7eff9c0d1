import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useReturnFocus } from '@/components/use-return-focus';

/** Every keyboard shortcut of the reader, in one list. */
export const SHORTCUTS: readonly { keys: readonly string[]; action: string }[] = [
  { keys: ['j'], action: 'Next article in the list' },
  { keys: ['k'], action: 'Previous article in the list' },
  { keys: ['Enter', 'o'], action: 'Open the article' },
  { keys: ['←', '→'], action: 'Previous / next article (open article)' },
  { keys: ['1'], action: 'Like (open article)' },
  { keys: ['2'], action: 'Dislike (open article)' },
  { keys: ['3'], action: 'Save (open article)' },
  { keys: ['4'], action: 'Share (open article)' },
  { keys: ['Esc'], action: 'Close the article or this dialog' },
  { keys: ['?'], action: 'Show this list' },
];

export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Opened by "?", not by a trigger: focus goes back to the card it was on.
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-bg p-6 shadow-2xl outline-none"
        >
          <div className="mb-4 flex items-center justify-between gap-2">
            <Dialog.Title className="text-xl font-bold">Keyboard shortcuts</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label="Close">
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Keys that work on lists of articles and in an open article.
          </Dialog.Description>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {SHORTCUTS.map((s) => (
              <div key={s.action} className="contents">
                <dt className="flex gap-1">
                  {s.keys.map((k) => (
                    <kbd
                      key={k}
                      className="min-w-7 rounded-md border border-line bg-surface px-1.5 py-0.5 text-center font-mono text-xs font-semibold"
                    >
                      {k}
                    </kbd>
                  ))}
                </dt>
                <dd className="text-fg">{s.action}</dd>
              </div>
            ))}
          </dl>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
