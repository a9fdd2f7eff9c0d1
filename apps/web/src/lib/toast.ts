import type hotToast from 'react-hot-toast';
import type { Renderable, ToastOptions } from 'react-hot-toast';

type ToastLibrary = typeof hotToast;

/*
 * react-hot-toast (and the toaster that shows its toasts, components/app-toaster) is its own
 * chunk, loaded when a toast is first shown or the reader first reaches for the page: no screen
 * waits for it before its first paint. Until then, what the app asks of it waits here.
 */
let library: ToastLibrary | undefined;
let loading: Promise<ToastLibrary | undefined> | undefined;
const waiting: ((library: ToastLibrary) => void)[] = [];
let wanted = false;
const wantedListeners = new Set<() => void>();

/**
 * Loads the toast library once (and asks the root to mount the toaster). A failed load (the
 * network) is tried again by the next toast; what waits keeps waiting.
 */
export function loadToasts(): Promise<ToastLibrary | undefined> {
  if (!loading) {
    loading = import('react-hot-toast').then(
      ({ default: loaded }) => {
        library = loaded;
        for (const run of waiting.splice(0)) run(loaded);
        return loaded;
      },
      () => {
        loading = undefined;
        return undefined;
      },
    );
    if (!wanted) {
      wanted = true;
      for (const listener of wantedListeners) listener();
    }
  }
  return loading;
}

/** Whether the toaster is wanted yet (app/app-root mounts it from then on). */
export const toasterWanted = {
  subscribe(listener: () => void): () => void {
    wantedListeners.add(listener);
    return () => wantedListeners.delete(listener);
  },
  current: (): boolean => wanted,
};

/** Loads the toasts on the reader's first press or key, so that the first toast is not late. */
export function loadToastsOnFirstInput(target: EventTarget): () => void {
  const load = () => {
    stop();
    void loadToasts();
  };
  const stop = () => {
    target.removeEventListener('pointerdown', load, true);
    target.removeEventListener('keydown', load, true);
  };
  target.addEventListener('pointerdown', load, true);
  target.addEventListener('keydown', load, true);
  return stop;
}

function withLibrary(run: (library: ToastLibrary) => void): void {
  if (library) run(library);
  else {
    waiting.push(run);
    void loadToasts();
  }
}

/** Runs `run` on the toasts shown or waiting; none have been asked for if nothing has loaded. */
function withShownToasts(run: (library: ToastLibrary) => void): void {
  if (library) run(library);
  else if (waiting.length > 0) waiting.push(run);
}

let lastId = 0;

/** Spec section 9: success 2 s, error 4 s, others 4 s, loading until dismissed. */
export const TOAST_DURATIONS = {
  blank: 4000,
  success: 2000,
  error: 4000,
  loading: Infinity,
  custom: 4000,
} as const;
/** At most this many toasts are kept (react-hot-toast's own limit, set explicitly on <Toaster>). */
export const TOAST_LIMIT = 20;
/** How long a duplicate is suppressed when the toast has no finite duration (loading). */
const DEFAULT_SUPPRESS_MS = 4000;

export type ToastType = keyof typeof TOAST_DURATIONS;

const recent = new Map<string, { id: string; until: number }>();

/*
 * Toasts belong to the page they were shown on: a new page dismisses them (leavePage). Those shown
 * since the reader's last press or key answer that press, which is what led to the new page
 * ('Login successful!' after the code, 'Session expired.' after a call, 'Account deleted
 * successfully!'): they go along. Anything older ('Credentials verified! OTP sent to your
 * email.', 'Article Liked!') stays behind.
 */
const shown = new Set<string>();
const sinceInput = new Set<string>();

/** The text of the newest toast shown, numbered, for live regions inside modal dialogs. */
export interface Announcement {
  text: string;
  seq: number;
}
let lastAnnouncement: Announcement = { text: '', seq: 0 };
const announcementListeners = new Set<() => void>();

/**
 * Every toast's text as it is shown (ToastEcho repeats it inside a modal). Kept here rather than
 * read from react-hot-toast's store: its hook unsubscribes the wrong listener when a second
 * subscriber unmounts, which leaves the real toaster frozen.
 */
export const announcements = {
  subscribe(listener: () => void): () => void {
    announcementListeners.add(listener);
    return () => announcementListeners.delete(listener);
  },
  current: (): Announcement => lastAnnouncement,
};

function announce(text: string): void {
  lastAnnouncement = { text, seq: lastAnnouncement.seq + 1 };
  for (const listener of announcementListeners) listener();
}

/**
 * Shows a toast unless the same type and text was shown within its duration; then the earlier
 * toast's id is returned and nothing new appears. `key` names the text when the message is JSX.
 */
function show(
  type: ToastType,
  message: Renderable,
  options: ToastOptions & { key?: string; label?: string } = {},
): string {
  const { key, label, ...opts } = options;
  const text = key ?? (typeof message === 'string' ? message : undefined);
  const now = Date.now();
  const dedupeKey = text === undefined ? undefined : `${type}\u0000${text}`;
  if (dedupeKey) {
    const prev = recent.get(dedupeKey);
    if (prev && prev.until > now) {
      sinceInput.add(prev.id);
      return prev.id;
    }
  }
  const duration = opts.duration ?? TOAST_DURATIONS[type];
  // The id is ours, so that it can be returned before the library has loaded. A given id (one
  // per kind of toast) replaces the toast shown with it, which is then no duplicate to suppress.
  const id = opts.id ?? `toast-${++lastId}`;
  if (opts.id) forget(id);
  shown.add(id);
  sinceInput.add(id);
  const withDuration = { ...opts, duration, id };
  withLibrary((hotToast) => {
    if (type === 'blank') hotToast(message, withDuration);
    else if (type === 'custom') hotToast.custom(message, withDuration);
    else hotToast[type](message, withDuration);
  });
  const spoken = label ?? text;
  if (spoken !== undefined) announce(spoken);
  if (dedupeKey) {
    const span = Number.isFinite(duration) ? duration : DEFAULT_SUPPRESS_MS;
    recent.set(dedupeKey, { id, until: now + span });
    if (recent.size > 200) {
      for (const [k, v] of recent) if (v.until <= now) recent.delete(k);
    }
  }
  return id;
}

function forget(id: string): void {
  for (const [k, v] of recent) if (v.id === id) recent.delete(k);
}

/** Marks the reader's presses and keys (and Back / Forward): see `shown` above. */
export function trackReaderInput(target: Window): () => void {
  const events = ['pointerdown', 'keydown', 'input', 'paste', 'popstate'] as const;
  const onInput = () => sinceInput.clear();
  for (const name of events) target.addEventListener(name, onInput, true);
  return () => {
    for (const name of events) target.removeEventListener(name, onInput, true);
  };
}

/** A new page: dismisses every toast but those shown since the reader's last input. */
export function leavePage(): void {
  for (const id of shown) if (!sinceInput.has(id)) toast.dismiss(id);
}

/**
 * `key` names a JSX message for duplicate suppression; `label` is what a live region repeats
 * when the key is not readable text (it defaults to the key, or the message itself).
 */
type Show = (
  message: Renderable,
  options?: ToastOptions & { key?: string; label?: string },
) => string;

export const toast: Show & {
  success: Show;
  error: Show;
  loading: Show;
  custom: Show;
  dismiss: (id?: string) => void;
  /** Forgets suppressed duplicates (tests). */
  reset: () => void;
} = Object.assign(
  (message: Renderable, options?: ToastOptions & { key?: string; label?: string }) =>
    show('blank', message, options),
  {
    success: ((m, o) => show('success', m, o)) as Show,
    error: ((m, o) => show('error', m, o)) as Show,
    loading: ((m, o) => show('loading', m, o)) as Show,
    custom: ((m, o) => show('custom', m, o)) as Show,
    dismiss: (id?: string) => {
      if (id === undefined) {
        recent.clear();
        shown.clear();
      } else {
        forget(id);
        shown.delete(id);
      }
      withShownToasts((hotToast) => hotToast.dismiss(id));
    },
    reset: () => {
      recent.clear();
      shown.clear();
      sinceInput.clear();
      withShownToasts((hotToast) => hotToast.remove());
    },
  },
);
