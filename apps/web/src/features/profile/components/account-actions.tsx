import { CLIENT_MESSAGES, MESSAGES } from '@lede/shared';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut, RotateCcw, Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout } from '@/features/session/api/logout';
import { queryKeys } from '@/lib/query-keys';
import { endSession } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { profileApi } from '../api/profile';
import { DeleteAccountDialog } from './delete-account-dialog';

/** Reset interests (confirmed), delete the account (two steps), log out. */
export function AccountActions() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [resetOpen, setResetOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const reset = async () => {
    setBusy(true);
    try {
      await profileApi.resetInterests();
      qc.removeQueries({ queryKey: queryKeys.reader.recommendations() });
      setResetOpen(false);
      navigate('/preferences', { state: { fromReset: true, mode: 'reset' } });
    } catch {
      toast.error(CLIENT_MESSAGES.toasts.resetInterestsFailed);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    try {
      await profileApi.deleteAccount();
    } catch {
      toast.error(CLIENT_MESSAGES.toasts.deleteAccountFailed);
      return;
    }
    // The server erased every session with the account: sign out here (as a logout does, to
    // /login) and say so.
    endSession();
    toast.success(MESSAGES.profile.accountDeleted);
    navigate('/login', { replace: true });
  };

  return (
    <section aria-labelledby="account-title" className="card flex flex-col gap-3 p-6">
      <h2 id="account-title" className="text-lg font-bold">
        Account
      </h2>
      <AlertDialog.Root open={resetOpen} onOpenChange={setResetOpen}>
        <AlertDialog.Trigger className="btn-outline justify-start">
          <RotateCcw size={16} aria-hidden="true" /> Reset Interests
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-bg p-6 shadow-2xl outline-none">
            <AlertDialog.Title className="text-xl font-bold">
              Reset your interests?
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-3 text-sm">
              Your chosen categories and current recommendations are cleared, and you choose your
              interests again.
            </AlertDialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel className="btn-outline">Cancel</AlertDialog.Cancel>
              <button
                type="button"
                className="btn-primary"
                onClick={() => void reset()}
                disabled={busy}
              >
                {busy ? 'Resetting…' : 'Reset'}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
      <button
        type="button"
        className="btn-outline justify-start text-danger"
        onClick={() => setDeleteOpen(true)}
      >
        <Trash2 size={16} aria-hidden="true" /> Delete Account
      </button>
      <DeleteAccountDialog open={deleteOpen} onOpenChange={setDeleteOpen} onConfirm={remove} />
      <button
        type="button"
        className="btn-outline justify-start"
        onClick={async () => {
          await logout();
          navigate('/login', { replace: true });
        }}
      >
        <LogOut size={18} aria-hidden="true" /> Log out
      </button>
    </section>
  );
}
