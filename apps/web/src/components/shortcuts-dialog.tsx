import {
  Dialog,
  DialogCloseButton,
  DialogContent,
  DialogDescription,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
} from './ui/dialog';
import { useReturnFocus } from './use-return-focus';

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent {...returnFocus}>
          <div className="mb-4 flex items-center justify-between gap-2">
            <DialogTitle className="text-xl font-bold">Keyboard shortcuts</DialogTitle>
            <DialogCloseButton />
          </div>
          <DialogDescription className="sr-only">
            Keys that work on lists of articles and in an open article.
          </DialogDescription>
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
        </DialogContent>
      </DialogPortal>
    </Dialog>
  );
}
