import { toast } from '@/lib/toast';

/** How long an undoable toast stays, so that its Undo can be reached. */
export const UNDO_TOAST_MS = 6000;

/**
 * A success toast with an Undo button that dismisses it and runs `onUndo`. `key` suppresses a
 * duplicate for the same item; `text` is what is shown and announced.
 */
export function undoToast(text: string, key: string, onUndo: () => void): string {
  const id = toast.success(
    <span className="flex items-center gap-3">
      <span>{text}</span>
      <button
        type="button"
        className="btn-outline min-h-8 px-3 py-1"
        onClick={() => {
          toast.dismiss(id);
          onUndo();
        }}
      >
        Undo
      </button>
    </span>,
    { key, label: text, duration: UNDO_TOAST_MS },
  );
  return id;
}
