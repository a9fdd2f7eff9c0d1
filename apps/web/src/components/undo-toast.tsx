import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/** How long an undoable toast stays, so that its Undo can be reached. */
export const UNDO_TOAST_MS = 6000;

/**
 * A success toast with an Undo button that dismisses it and runs `onUndo`. `key` suppresses a
 * duplicate for the same item; `text` is what is shown and announced; `id` (a kind of toast)
 * makes it replace the toast last shown with that id.
 */
export function undoToast(
  text: string,
  key: string,
  onUndo: () => void,
  { id: kind }: { id?: string } = {},
): string {
  const id = toast.success(
    <span className="flex items-center gap-3">
      <span>{text}</span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          toast.dismiss(id);
          onUndo();
        }}
      >
        Undo
      </Button>
    </span>,
    { key, label: text, duration: UNDO_TOAST_MS, id: kind },
  );
  return id;
}
