import { AlertDialog } from 'radix-ui';
import { useId, useState } from 'react';
import { useReturnFocus } from '@/components/use-return-focus';

/** Spec section 9: the word that confirms deletion. */
export const DELETE_WORD = 'DELETE';

/**
 * Two steps: a warning of what goes, then the confirmation that stays disabled until DELETE is
 * typed exactly.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<void>;
}) {
  const [step, setStep] = useState<1 | 2>(1);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  // Opened by a plain button (not a trigger): focus goes back to it on Cancel or Escape.
  const returnFocus = useReturnFocus();

  const change = (next: boolean) => {
    if (!next) {
      setStep(1);
      setTyped('');
    }
    onOpenChange(next);
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={change}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-bg p-6 shadow-2xl outline-none"
        >
          <AlertDialog.Title className="text-xl font-bold text-danger">
            {step === 1 ? 'Delete your account?' : 'Confirm account deletion'}
          </AlertDialog.Title>
          {step === 1 ? (
            <>
              <AlertDialog.Description asChild>
                <div className="mt-3 text-sm">
                  <p>This cannot be undone. Deleting your account will:</p>
                  <ul className="mt-2 list-disc space-y-1 pl-5">
                    <li>delete your saved articles and preferences</li>
                    <li>remove your reading history and recommendations</li>
                    <li>cancel your subscriptions</li>
                    <li>erase all your data</li>
                  </ul>
                </div>
              </AlertDialog.Description>
              <div className="mt-6 flex flex-wrap justify-end gap-2">
                <AlertDialog.Cancel className="btn-outline">Cancel</AlertDialog.Cancel>
                <button
                  type="button"
                  className="btn bg-danger text-white dark:text-bg"
                  onClick={() => setStep(2)}
                >
                  Continue
                </button>
              </div>
            </>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (typed !== DELETE_WORD || busy) return;
                setBusy(true);
                void onConfirm().finally(() => setBusy(false));
              }}
            >
              <AlertDialog.Description className="mt-3 text-sm">
                Type <strong>{DELETE_WORD}</strong> to confirm.
              </AlertDialog.Description>
              <label htmlFor={inputId} className="label mt-4">
                Confirmation
              </label>
              <input
                id={inputId}
                className="field"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
              <div className="mt-6 flex flex-wrap justify-end gap-2">
                <AlertDialog.Cancel className="btn-outline">Cancel</AlertDialog.Cancel>
                <button
                  type="submit"
                  className="btn bg-danger text-white dark:text-bg"
                  disabled={typed !== DELETE_WORD || busy}
                >
                  {busy ? 'Deleting…' : 'Delete Account'}
                </button>
              </div>
            </form>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
