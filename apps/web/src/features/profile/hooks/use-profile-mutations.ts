import { CLIENT_MESSAGES, MESSAGES } from '@lede/shared/constants';
import { useMutation } from '@tanstack/react-query';
import { navigateTo } from '@/lib/navigation';
import { logout } from '@/lib/session/logout';
import { clearOfflineCopies } from '@/lib/offline/clear';
import { clearPrivateCaches } from '@/lib/private-caches';
import { endSession, setUser } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { profileApi } from '../api/profile';
import { shownByPasswordStep } from './use-password-confirmation';
import { queryKeys } from '@/lib/query-keys';
import { paths } from '@/lib/paths';

/**
 * The reader's account writes, each a mutation. Every change answers with the updated reader,
 * which becomes the session's user (the API client keeps the token); what a screen does next
 * (close a form, show the code screen, navigate) stays with the screen.
 */

/** A new name. */
export function useEditName() {
  return useMutation({
    mutationKey: ['profile', 'editname'],
    mutationFn: (name: string) => profileApi.editName(name),
    onSuccess: (user) => setUser(user),
  });
}

/**
 * Step 1 of the verified e-mail change: a code goes to the new address; nothing changes yet.
 * `password` once the server asked for it (see usePasswordConfirmation).
 */
export function useRequestEmailChange() {
  return useMutation({
    mutationKey: ['profile', 'changeemail', 'request'],
    mutationFn: ({ email, password }: { email: string; password?: string }) =>
      profileApi.requestEmailChange(email, password),
  });
}

/** Step 2: the code from the new address applies the change. */
export function useConfirmEmailChange() {
  return useMutation({
    mutationKey: ['profile', 'changeemail', 'confirm'],
    mutationFn: ({ email, otp, hash }: { email: string; otp: string; hash: string }) =>
      profileApi.confirmEmailChange(email, otp, hash),
    onSuccess: (user) => setUser(user),
  });
}

/** A new picture (multipart upload), which the reader can cancel with `signal`. */
export function useUploadPicture() {
  return useMutation({
    mutationKey: ['profile', 'uploadpicture'],
    mutationFn: ({ file, signal }: { file: File; signal?: AbortSignal }) =>
      profileApi.uploadPicture(file, signal),
    onSuccess: (res) => setUser(res.user),
  });
}

/** Back to the default picture. */
export function useRemovePicture() {
  return useMutation({
    mutationKey: ['profile', 'updateprofilepicture'],
    mutationFn: () => profileApi.removePicture(),
    onSuccess: (user) => setUser(user),
  });
}

/** Empties the interests; the feed held is dropped with them. */
export function useResetInterests() {
  return useMutation({
    mutationKey: ['profile', 'resetinterests'],
    mutationFn: () => profileApi.resetInterests(),
    onSuccess: (user, _vars, _context, { client }) => {
      setUser(user);
      client.removeQueries({ queryKey: queryKeys.feed() });
    },
    onError: () => toast.error(CLIENT_MESSAGES.toasts.resetInterestsFailed),
  });
}

/**
 * Erases the account. The server ends every session with it: this one ends here too and, as
 * after a logout, the reader is told and goes to /login. `password` once the server asked for
 * it; the password step shows its own refusals, any other failure is a toast.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationKey: ['profile', 'deleteaccount'],
    mutationFn: (password: string | undefined) => profileApi.deleteAccount(password),
    onSuccess: async () => {
      await clearOfflineCopies();
      endSession();
      await clearPrivateCaches();
      toast.success(MESSAGES.profile.accountDeleted);
      navigateTo(paths.login(), { replace: true });
    },
    onError: (err, password) => {
      if (shownByPasswordStep(err, password !== undefined)) return;
      toast.error(CLIENT_MESSAGES.toasts.deleteAccountFailed);
    },
  });
}

/** Signs out: the refresh cookie is revoked (best effort) and the session cleared everywhere. */
export function useLogout() {
  return useMutation({
    mutationKey: ['auth', 'logout'],
    mutationFn: () => logout(),
  });
}
