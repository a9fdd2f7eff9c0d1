import { useId, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogOverlay,
  AlertDialogPortal,
  AlertDialogTitle,
  DialogActions,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useReturnFocus } from '@/components/use-return-focus';
import { usePasswordConfirmation } from '../hooks/use-password-confirmation';
import { PasswordConfirmationField } from './password-confirmation-field';

/** Spec section 9: the word that confirms deletion. */
export const DELETE_WORD = 'DELETE';

/**
 * Two steps: a warning of what goes, then the confirmation that stays disabled until DELETE is
 * typed exactly. When the server asks for the password, the confirmation asks for it too and
 * `onConfirm` is tried again with it; `onConfirm` rejects with the server's refusal.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (password?: string) => Promise<void>;
}) {
  const [step, setStep] = useState<1 | 2>(1);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  // Opened by a plain button (not a trigger): focus goes back to it on Cancel or Escape.
  const returnFocus = useReturnFocus();
  const confirmation = usePasswordConfirmation();

  const change = (next: boolean) => {
    if (!next) {
      setStep(1);
      setTyped('');
      confirmation.reset();
    }
    onOpenChange(next);
  };

  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogPortal>
        <AlertDialogOverlay />
        <AlertDialogContent {...returnFocus}>
          <AlertDialogTitle className="text-xl font-bold text-danger">
            {step === 1 ? 'Delete your account?' : 'Confirm account deletion'}
          </AlertDialogTitle>
          {step === 1 ? (
            <>
              <AlertDialogDescription asChild>
                <div className="mt-3 text-sm">
                  <p>This cannot be undone. Deleting your account will:</p>
                  <ul className="mt-2 list-disc space-y-1 pl-5">
                    <li>delete your saved articles and preferences</li>
                    <li>remove your reading history and recommendations</li>
                    <li>cancel your subscriptions</li>
                    <li>erase all your data</li>
                  </ul>
                </div>
              </AlertDialogDescription>
              <DialogActions>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <Button variant="danger" onClick={() => setStep(2)}>
                  Continue
                </Button>
              </DialogActions>
            </>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (typed !== DELETE_WORD || busy) return;
                const attempt = confirmation.beforeTry();
                if (!attempt.ok) return;
                setBusy(true);
                // Any refusal but the password step's is the caller's to tell (a toast).
                onConfirm(attempt.password)
                  .catch((err: unknown) => void confirmation.handleError(err))
                  .finally(() => setBusy(false));
              }}
            >
              <AlertDialogDescription className="mt-3 text-sm">
                Type <strong>{DELETE_WORD}</strong> to confirm.
              </AlertDialogDescription>
              <Field id={inputId} label="Confirmation" labelClassName="mt-4">
                {(control) => (
                  <input
                    {...control}
                    className="field"
                    value={typed}
                    onChange={(e) => setTyped(e.target.value)}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                  />
                )}
              </Field>
              <PasswordConfirmationField confirmation={confirmation} className="mt-4" />
              <DialogActions>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <Button type="submit" variant="danger" disabled={typed !== DELETE_WORD || busy}>
                  {busy ? 'Deleting…' : 'Delete Account'}
                </Button>
              </DialogActions>
            </form>
          )}
        </AlertDialogContent>
      </AlertDialogPortal>
    </AlertDialog>
  );
}
