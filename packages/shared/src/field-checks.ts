import { EMAIL_MAX_LENGTH, isValidEmail } from './email.js';
import { MESSAGES } from './messages.js';
import { PASSWORD_MAX_BYTES, passwordByteLength } from './password.js';

/**
 * The checks of a name, an e-mail and a password typed by hand, without zod: the schemas
 * (schemas/common.ts) are built on them, and a screen that only checks a field before sending
 * it (the profile) asks them directly and never loads the schema library. Each answers the
 * first problem, in the words the API would answer, or undefined.
 */

const v = MESSAGES.validation;

/** C0 and C1 control characters (NUL among them), which no field of ours may hold. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export const hasControlCharacters = (s: string) => CONTROL_CHARACTERS.test(s);

export const NAME_MAX_LENGTH = 100;

export function nameProblem(value: string): string | undefined {
  if (hasControlCharacters(value)) return v.controlCharacters;
  const name = value.trim();
  if (name.length === 0) return v.nameRequired;
  if (name.length > NAME_MAX_LENGTH) return v.nameTooLong;
  return undefined;
}

export function emailProblem(value: string): string | undefined {
  if (hasControlCharacters(value)) return v.controlCharacters;
  const email = value.trim();
  if (email.length === 0) return v.emailRequired;
  if (email.length > EMAIL_MAX_LENGTH || !isValidEmail(email)) return v.invalidEmail;
  return undefined;
}

/** A password as typed to prove who one is (not one being set: that must also be strong). */
export function passwordInputProblem(value: string): string | undefined {
  if (hasControlCharacters(value)) return v.controlCharacters;
  if (value.length === 0) return v.allFieldsRequired;
  if (passwordByteLength(value) > PASSWORD_MAX_BYTES) return v.passwordTooLong;
  return undefined;
}
