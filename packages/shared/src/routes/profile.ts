import { defineRoutes } from './define.js';
import {
  changeEmailBody,
  changeEmailResponse,
  deleteAccountBody,
  deleteAccountResponse,
  editNameBody,
  profileUserResponse,
  setInterestsBody,
  timezoneBody,
  timezoneResponse,
  toggleThemeBody,
  updateProfilePictureBody,
  uploadPictureResponse,
} from '../schemas/profile.js';
import { streakResponse } from '../schemas/reader-actions.js';

/**
 * Every change counts against the reader's `profile` write budget (20 a minute, 200 an hour)
 * and, with every other write of the caller's IP here, against `AUTH_IP_LIMIT`.
 */
const WRITE = ['TOO_MANY_WRITES', 'RATE_LIMITED'] as const;

/** The signed-in reader's own account; every change answers with the updated `user`. */
export const PROFILE_ROUTES = defineRoutes({
  'GET /api/profile/getstreak': {
    access: 'signedIn',
    summary: "Consecutive days with an article opened, in the reader's time zone.",
    notes: 'A run ending yesterday still counts.',
    responses: { 200: streakResponse },
  },
  'PUT /api/profile/editname': {
    access: 'signedIn',
    summary: 'Changes the name.',
    body: editNameBody,
    responses: { 200: profileUserResponse },
    errors: WRITE,
  },
  'PUT /api/profile/changeemail': {
    access: 'signedIn',
    summary: 'Changes the e-mail address in two steps, the second with the code mailed to it.',
    notes:
      'Step 1, `{ email }`: a code is mailed to the new address and nothing changes yet ' +
      '(`{ message, hash, expiresIn, pendingEmail, user }`). Step 2, `{ email, otp, hash }`: ' +
      'the change is made (`{ message, user }`), the old address gets a notice and every ' +
      'other session is signed out. Step 1 re-authenticates: it is refused with 403 ' +
      '`REAUTH_REQUIRED` unless the session signed in (password and code) within ' +
      '`REAUTH_WINDOW_SECONDS` or the body carries the current `password`.',
    body: changeEmailBody,
    responses: { 200: changeEmailResponse },
    errors: [
      ...WRITE,
      'SAME_EMAIL',
      'EMAIL_TAKEN',
      'REAUTH_REQUIRED',
      'WRONG_PASSWORD',
      'TOO_MANY_CODES',
      'OTP_INVALID',
      'OTP_EXPIRED',
      'OTP_TOO_MANY_ATTEMPTS',
      'OTP_GUESSES_EXHAUSTED',
      'OTP_NOT_FOUND',
      'OTP_ALREADY_USED',
    ],
  },
  'PUT /api/profile/toggletheme': {
    access: 'signedIn',
    summary: 'Sets the theme, light or dark.',
    body: toggleThemeBody,
    responses: { 200: profileUserResponse },
    errors: WRITE,
  },
  'PUT /api/profile/timezone': {
    access: 'signedIn',
    summary: 'Sets the time zone (an IANA name), used by the streak.',
    body: timezoneBody,
    responses: { 200: timezoneResponse },
    errors: [...WRITE, 'INVALID_TIMEZONE'],
  },
  'POST /api/profile/setinterests': {
    access: 'signedIn',
    summary: 'Sets the interests: 3 to 15 distinct category ids.',
    body: setInterestsBody,
    responses: { 200: profileUserResponse },
    errors: WRITE,
  },
  'PUT /api/profile/resetinterests': {
    access: 'signedIn',
    summary: 'Empties the interests and the recommendations.',
    responses: { 200: profileUserResponse },
    errors: WRITE,
  },
  'PUT /api/profile/updateprofilepicture': {
    access: 'signedIn',
    summary: "Chooses a picture by URL; the default avatar's path removes it.",
    notes: "An https URL of the configured Cloudinary cloud or this app's `/media/avatars/…`.",
    body: updateProfilePictureBody,
    responses: { 200: profileUserResponse },
    errors: [...WRITE, 'INVALID_PICTURE_URL'],
  },
  'POST /api/profile/uploadpicture': {
    access: 'signedIn',
    summary: 'Uploads a picture (multipart `file`): an image up to 5 MB, made a 256×256 WebP.',
    upload: { field: 'file' },
    responses: { 200: uploadPictureResponse },
    errors: [
      'NO_FILE',
      'NOT_AN_IMAGE',
      'IMAGE_TOO_LARGE',
      'FILE_TOO_LARGE',
      'INVALID_UPLOAD',
      ...WRITE,
    ],
  },
  'DELETE /api/profile/deleteaccount': {
    access: 'signedIn',
    summary: 'Erases the account and everything of it, in one transaction.',
    notes:
      'Re-authenticates as step 1 of changeemail does: 403 `REAUTH_REQUIRED` outside the ' +
      'window unless the body carries the current `password`.',
    body: deleteAccountBody,
    responses: { 200: deleteAccountResponse },
    errors: [...WRITE, 'REAUTH_REQUIRED', 'WRONG_PASSWORD'],
  },
});
