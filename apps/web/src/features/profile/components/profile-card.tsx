import type { PublicUser } from '@lede/shared';
import { CLIENT_MESSAGES, emailProblem, MESSAGES, nameProblem } from '@lede/shared/constants';
import { Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePasswordConfirmation } from '../hooks/use-password-confirmation';
import { useEditName, useRequestEmailChange } from '../hooks/use-profile-mutations';
import { PasswordConfirmationField } from './password-confirmation-field';
import { PictureEditor } from './picture-editor';

export interface EmailChallenge {
  email: string;
  hash: string;
  /** The password the reader confirmed, if asked: a new code is asked for with it again. */
  password?: string;
}

/** What an edit sends (spec section 4): only the fields that changed. */
export function changedFields(
  user: Pick<PublicUser, 'name' | 'email'>,
  name: string,
  email: string,
): { name?: string; email?: string } {
  const out: { name?: string; email?: string } = {};
  if (name.trim() !== user.name) out.name = name.trim();
  if (email.trim().toLowerCase() !== user.email.toLowerCase()) out.email = email.trim();
  return out;
}

/**
 * Picture, name and e-mail with an edit mode. A new e-mail is verified: the code goes to the new
 * address, and `onEmailChallenge` shows the code-entry screen. Outside the re-authentication
 * window the server first asks for the password, which the form then asks for.
 */
export function ProfileCard({
  user,
  onEmailChallenge,
}: {
  user: PublicUser;
  onEmailChallenge: (challenge: EmailChallenge) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editName = useEditName();
  const requestEmailChange = useRequestEmailChange();
  const nameId = useId();
  const emailId = useId();
  const errorId = useId();
  const confirmation = usePasswordConfirmation();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Closing the form (Cancel, Escape, a save) puts focus back on the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const startEdit = () => {
    setName(user.name);
    setEmail(user.email);
    setError(null);
    setEditing(true);
  };
  const cancel = () => {
    setName(user.name);
    setEmail(user.email);
    setError(null);
    confirmation.reset();
    setEditing(false);
  };
  const cancelOnEscape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    cancel();
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const changes = changedFields(user, name, email);
    const problem =
      (changes.name !== undefined ? nameProblem(changes.name) : undefined) ??
      (changes.email !== undefined ? emailProblem(changes.email) : undefined);
    if (problem) return setError(problem);
    if (changes.name === undefined && changes.email === undefined) return setEditing(false);
    // The password is the e-mail change's business: a name alone never needs it.
    const attempt =
      changes.email === undefined
        ? { ok: true as const, password: undefined }
        : confirmation.beforeTry();
    if (!attempt.ok) return;
    setSaving(true);
    setError(null);
    const before = { name: user.name, email: user.email };
    try {
      if (changes.name !== undefined) await editName.mutateAsync(changes.name);
    } catch (err) {
      setName(before.name);
      setEmail(before.email);
      setSaving(false);
      const text = errorMessage(err, CLIENT_MESSAGES.data.changeName);
      setError(text);
      toast.error(text);
      return;
    }
    if (changes.email !== undefined) {
      try {
        const { password } = attempt;
        const res = await requestEmailChange.mutateAsync({ email: changes.email, password });
        toast.success(res.message);
        setSaving(false);
        confirmation.reset();
        setEditing(false);
        onEmailChallenge({ email: res.pendingEmail, hash: res.hash, password });
        return;
      } catch (err) {
        setSaving(false);
        // Asked for the password, or refused it: the field says so; the new address stays.
        if (confirmation.handleError(err)) return;
        setEmail(before.email);
        const text = errorMessage(err, CLIENT_MESSAGES.data.changeEmail);
        setError(text);
        toast.error(text);
        return;
      }
    }
    setSaving(false);
    setEditing(false);
    toast.success(MESSAGES.profile.profileUpdated);
  };

  return (
    <section aria-labelledby="profile-card-title" className="card flex flex-col gap-5 p-6">
      <h2 id="profile-card-title" className="sr-only">
        Profile information
      </h2>
      <PictureEditor user={user} />
      {editing ? (
        <form
          onSubmit={(e) => void save(e)}
          onKeyDown={cancelOnEscape}
          noValidate
          className="flex flex-col gap-3"
        >
          <Field id={nameId} label="Name" describedBy={error ? errorId : undefined}>
            {(control) => (
              <input
                {...control}
                className="field"
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          <Field id={emailId} label="Email" describedBy={error ? errorId : undefined}>
            {(control) => (
              <input
                {...control}
                type="email"
                className="field"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Field>
          <PasswordConfirmationField confirmation={confirmation} />
          {/* One error for both fields (the server's answer), announced as it appears. */}
          <FieldError id={errorId} message={error ?? undefined} alert className="" />
          <div className="flex gap-2">
            <Button type="submit" className="flex-1" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </Button>
            <Button variant="outline" className="flex-1" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col items-center gap-1 text-center">
          <p className="text-xl font-bold break-words">{user.name}</p>
          <p className="text-sm break-all text-muted">{user.email}</p>
          <Button ref={editButton} variant="outline" className="mt-3" onClick={startEdit}>
            <Pencil size={16} aria-hidden="true" /> Edit Profile
          </Button>
        </div>
      )}
    </section>
  );
}
