import { RESET_INTERESTS_DIALOG } from '@lede/shared/constants';
import { LogOut, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogOverlay,
  AlertDialogPortal,
  AlertDialogTitle,
  AlertDialogTrigger,
  DialogActions,
} from '@/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { useDeleteAccount, useLogout, useResetInterests } from '../hooks/use-profile-mutations';
import { DeleteAccountDialog } from './delete-account-dialog';
import { paths } from '@/lib/paths';

/** Reset interests (confirmed), delete the account (two steps), log out. */
export function AccountActions() {
  const navigate = useNavigate();
  const [resetOpen, setResetOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const resetInterests = useResetInterests();
  const deleteAccount = useDeleteAccount();
  const logout = useLogout();
  const busy = resetInterests.isPending;

  // A failure says so (the mutation's toast) and leaves the dialog open.
  const reset = () =>
    resetInterests.mutate(undefined, {
      onSuccess: () => {
        setResetOpen(false);
        navigate(paths.preferences(), { state: { fromReset: true, mode: 'reset' } });
      },
    });

  // The mutation ends the session, says so and goes to /login; or says it failed and rejects,
  // for the dialog to ask for the password when that is the reason.
  const remove = async (password?: string) => {
    await deleteAccount.mutateAsync(password);
  };

  return (
    <section aria-labelledby="account-title" className="card flex flex-col gap-3 p-6">
      <h2 id="account-title" className="text-lg font-bold">
        Account
      </h2>
      <AlertDialog open={resetOpen} onOpenChange={setResetOpen}>
        <AlertDialogTrigger
          className={buttonVariants({ variant: 'outline', className: 'justify-start' })}
        >
          <RotateCcw size={16} aria-hidden="true" /> Reset Interests
        </AlertDialogTrigger>
        <AlertDialogPortal>
          <AlertDialogOverlay />
          <AlertDialogContent>
            <AlertDialogTitle className="text-xl font-bold">
              {RESET_INTERESTS_DIALOG.title}
            </AlertDialogTitle>
            <AlertDialogDescription className="mt-3 text-sm">
              {RESET_INTERESTS_DIALOG.description}
            </AlertDialogDescription>
            <DialogActions>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <Button onClick={() => void reset()} disabled={busy}>
                {busy ? 'Resetting…' : 'Reset'}
              </Button>
            </DialogActions>
          </AlertDialogContent>
        </AlertDialogPortal>
      </AlertDialog>
      <Button
        variant="outline"
        className="justify-start text-danger"
        onClick={() => setDeleteOpen(true)}
      >
        <Trash2 size={16} aria-hidden="true" /> Delete Account
      </Button>
      <DeleteAccountDialog open={deleteOpen} onOpenChange={setDeleteOpen} onConfirm={remove} />
      <Button
        variant="outline"
        className="justify-start"
        onClick={async () => {
          await logout.mutateAsync();
          navigate(paths.login(), { replace: true });
        }}
      >
        <LogOut size={18} aria-hidden="true" /> Log out
      </Button>
    </section>
  );
}
