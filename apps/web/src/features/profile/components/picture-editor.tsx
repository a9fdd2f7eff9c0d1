import {
  DEFAULT_AVATAR_PATH,
  MESSAGES,
  PROFILE_PICTURE_MAX_BYTES,
  type PublicUser,
} from '@lede/shared/constants';
import { Camera, Trash2, Upload, X } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { pictureErrorText } from '../api/profile';
import { useRemovePicture, useUploadPicture } from '../hooks/use-profile-mutations';
import { useSimulatedProgress } from '../hooks/use-simulated-progress';

/** Spec section 5: an image type, at most 5 MB; the text to show, or null when fine. */
export function checkPicture(file: File): string | null {
  if (!file.type.startsWith('image/')) return MESSAGES.profile.onlyImages;
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return MESSAGES.profile.maxFileSize;
  return null;
}

export function Avatar({ src, size = 96 }: { src: string; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <img
      src={failed === src ? DEFAULT_AVATAR_PATH : src}
      alt=""
      width={size}
      height={size}
      onError={() => setFailed(src)}
      className="shrink-0 rounded-full border border-line bg-surface object-cover"
      style={{ width: size, height: size }}
    />
  );
}

/** Pick, preview, upload (simulated progress), cancel or remove the reader's picture. */
export function PictureEditor({ user }: { user: PublicUser }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { progress, start, finish, reset } = useSimulatedProgress();
  const abort = useRef<AbortController | null>(null);
  const uploadPicture = useUploadPicture();
  const removePicture = useRemovePicture();

  const clear = () => {
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  };

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    if (!picked) return;
    const problem = checkPicture(picked);
    if (problem) {
      setError(problem);
      toast.error(problem);
      e.target.value = '';
      return;
    }
    setError(null);
    reset();
    setFile(picked);
    // A data: URL (the page's CSP allows no blob: images).
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(picked);
  };

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    start();
    abort.current = new AbortController();
    try {
      await uploadPicture.mutateAsync({ file, signal: abort.current.signal });
      finish();
      toast.success(MESSAGES.profile.pictureUpdated);
      clear();
    } catch (err) {
      reset();
      if (abort.current.signal.aborted) return;
      const text = pictureErrorText(err);
      setError(text);
      toast.error(text);
    } finally {
      setBusy(false);
      abort.current = null;
    }
  };

  const cancel = () => {
    abort.current?.abort();
    reset();
    clear();
  };

  const remove = async () => {
    setBusy(true);
    try {
      await removePicture.mutateAsync();
      toast.success(MESSAGES.profile.pictureRemoved);
    } catch (err) {
      toast.error(pictureErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  const hasPicture = user.profile_url !== DEFAULT_AVATAR_PATH;
  return (
    <div className="flex flex-col items-center gap-3">
      <Avatar src={preview ?? user.profile_url} />
      {preview && <p className="text-xs text-muted">Preview</p>}
      {progress !== null && (
        <div className="w-full max-w-48">
          <progress className="sr-only" value={progress} max={100} aria-label="Upload progress" />
          <div className="h-2 w-full overflow-hidden rounded-full bg-surface" aria-hidden="true">
            <div
              className="h-full rounded-full bg-accent transition-[width]"
              style={{ width: `${progress}%` }}
            />
          </div>
          <p className="mt-1 text-center text-xs text-muted tabular-nums" aria-live="polite">
            {progress}%
          </p>
        </div>
      )}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        className="sr-only"
        onChange={onPick}
        disabled={busy}
      />
      {file ? (
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => void upload()} disabled={busy}>
            <Upload size={16} aria-hidden="true" /> Upload
          </Button>
          <Button variant="outline" onClick={cancel}>
            <X size={16} aria-hidden="true" /> Cancel
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap justify-center gap-2">
          <label
            htmlFor={inputId}
            className={buttonVariants({
              variant: 'outline',
              className:
                'cursor-pointer [input:focus-visible+&]:outline-3 [input:focus-visible+&]:outline-ring',
            })}
          >
            <Camera size={16} aria-hidden="true" /> Change picture
          </label>
          {hasPicture && (
            <Button
              variant="ghost"
              className="text-danger"
              onClick={() => void remove()}
              disabled={busy}
            >
              <Trash2 size={16} aria-hidden="true" /> Remove Picture
            </Button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="text-center text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
