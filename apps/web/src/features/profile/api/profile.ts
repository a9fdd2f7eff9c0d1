import { CLIENT_MESSAGES, DEFAULT_AVATAR_PATH, MESSAGES } from '@lede/shared/constants';
import { api, ApiError } from '@/lib/api-client';

const d = CLIENT_MESSAGES.data;

/** The calls of the reader's account writes (the mutations are in ../hooks/use-profile-mutations). */
export const profileApi = {
  editName: (name: string) =>
    api('PUT /api/profile/editname', { body: { name }, fallback: d.changeName }).then(
      (res) => res.user,
    ),
  /**
   * Step 1 of the verified change: a code goes to the new address; nothing changes yet. The
   * current password is needed outside the re-authentication window (403 REAUTH_REQUIRED).
   */
  async requestEmailChange(email: string, password?: string) {
    const res = await api('PUT /api/profile/changeemail', {
      body: { email, password },
      fallback: d.changeEmail,
    });
    if (!('hash' in res)) throw new ApiError(500, d.changeEmail);
    return res;
  },
  /** Step 2: the code from the new address applies the change. */
  confirmEmailChange: (email: string, otp: string, hash: string) =>
    api('PUT /api/profile/changeemail', {
      body: { email, otp, hash },
      fallback: d.changeEmail,
    }).then((res) => res.user),
  uploadPicture(file: File, signal?: AbortSignal) {
    const body = new FormData();
    body.append('file', file);
    return api('POST /api/profile/uploadpicture', { body, signal });
  },
  removePicture: () =>
    api('PUT /api/profile/updateprofilepicture', {
      body: { profile_url: DEFAULT_AVATAR_PATH },
    }).then((res) => res.user),
  resetInterests: () =>
    api('PUT /api/profile/resetinterests', { fallback: d.resetInterests }).then((res) => res.user),
  /** With the current password when the server asked for it (403 REAUTH_REQUIRED). */
  deleteAccount: (password?: string) =>
    api('DELETE /api/profile/deleteaccount', {
      body: password === undefined ? undefined : { password },
      fallback: d.deleteAccount,
    }).then(() => MESSAGES.profile.accountDeleted),
};

/** Spec section 8's picture texts: no connection, or the server's message / status. */
export function pictureErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return CLIENT_MESSAGES.picture.network;
    return err.body?.message || CLIENT_MESSAGES.picture.server(err.status);
  }
  return CLIENT_MESSAGES.picture.network;
}
