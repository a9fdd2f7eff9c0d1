import {
  CLIENT_MESSAGES,
  maskEmail,
  MESSAGES,
  OTP_LENGTH,
  OTP_TTL_SECONDS,
  type OtpPurpose,
} from '@lede/shared/constants';
import { ArrowLeft, MailCheck, RotateCw } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Button } from '@/components/ui/button';

export const CODE_HEADINGS: Record<OtpPurpose, string> = {
  change_email: 'Verify Your Email',
  signup: 'Verify Your Email',
  login: 'Verify Your Email',
  password_reset: 'Verify Reset Code',
};

function formatClock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * The one code-entry screen (signup, login, password reset): six boxes, auto-advance, Backspace
 * back, paste anywhere, auto-submit on the sixth digit, 300 s countdown, then resend.
 * `onVerify` rejects with the text to show (attempts left included) to stay on this screen.
 */
export function CodeEntry({
  purpose,
  email,
  onVerify,
  onResend,
  onBack,
  note,
}: {
  purpose: OtpPurpose;
  email: string;
  onVerify: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
  onBack: () => void;
  /** A line under "We sent a code", for what this purpose's mail may be instead. */
  note?: string;
}) {
  const [digits, setDigits] = useState<string[]>(() => Array(OTP_LENGTH).fill(''));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [deadline, setDeadline] = useState(() => Date.now() + OTP_TTL_SECONDS * 1000);
  const [remaining, setRemaining] = useState(OTP_TTL_SECONDS);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const busyRef = useRef(false);

  useEffect(() => {
    const tick = () => setRemaining(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  // The screen replaces a form the reader may have scrolled down (on a phone): start at its top,
  // heading and Back clear of the navigation bar, rather than where focusing the box would leave it.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    boxes.current[0]?.focus({ preventScroll: true });
  }, []);

  const expired = remaining <= 0;

  const submit = useCallback(
    async (code: string) => {
      if (busyRef.current) return;
      if (!/^\d{6}$/.test(code)) {
        setError(MESSAGES.validation.otpIncomplete);
        return;
      }
      busyRef.current = true;
      setBusy(true);
      setError(null);
      try {
        await onVerify(code);
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
        setDigits(Array(OTP_LENGTH).fill(''));
        boxes.current[0]?.focus();
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [onVerify],
  );

  const fill = (start: number, text: string) => {
    const incoming = digitsOf(text);
    if (!incoming) return;
    const next = [...digits];
    // A whole code goes in from the first box, wherever it was pasted.
    const from = incoming.length >= OTP_LENGTH ? 0 : start;
    for (let i = 0; i < incoming.length && from + i < OTP_LENGTH; i++)
      next[from + i] = incoming[i]!;
    setDigits(next);
    setError(null);
    const filled = Math.min(OTP_LENGTH - 1, from + incoming.length);
    boxes.current[filled]?.focus();
    if (next.every((d) => d !== '')) void submit(next.join(''));
  };

  const onChange = (i: number, value: string) => {
    const incoming = digitsOf(value);
    if (incoming.length === 0) {
      if (value === '') {
        const next = [...digits];
        next[i] = '';
        setDigits(next);
      }
      return;
    }
    // Typing over a filled box yields two characters: keep the new one.
    const prev = digits[i];
    const text =
      incoming.length === 2 && prev
        ? incoming[0] === prev
          ? incoming[1]!
          : incoming[0]!
        : incoming;
    fill(i, text);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      if (digits[i]) {
        const next = [...digits];
        next[i] = '';
        setDigits(next);
      } else if (i > 0) {
        const next = [...digits];
        next[i - 1] = '';
        setDigits(next);
        boxes.current[i - 1]?.focus();
      }
      e.preventDefault();
    } else if (e.key === 'ArrowLeft' && i > 0) {
      boxes.current[i - 1]?.focus();
      e.preventDefault();
    } else if (e.key === 'ArrowRight' && i < OTP_LENGTH - 1) {
      boxes.current[i + 1]?.focus();
      e.preventDefault();
    }
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fill(i, e.clipboardData.getData('text').slice(0, 64));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(digits.join(''));
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    try {
      await onResend();
      setDigits(Array(OTP_LENGTH).fill(''));
      setDeadline(Date.now() + OTP_TTL_SECONDS * 1000);
      setRemaining(OTP_TTL_SECONDS);
      boxes.current[0]?.focus();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="card mx-auto w-full max-w-md p-6 sm:p-8">
      <Button onClick={onBack} variant="ghost" className="-mt-2 -ml-3 mb-2">
        <ArrowLeft size={18} aria-hidden="true" /> Back
      </Button>
      <div className="flex flex-col items-center text-center">
        <span className="mb-3 inline-flex size-12 items-center justify-center rounded-full bg-surface text-accent">
          <MailCheck size={24} aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-extrabold tracking-tight">{CODE_HEADINGS[purpose]}</h1>
        <p className="mt-2 text-sm text-muted">
          We sent a 6-digit code to{' '}
          <span className="font-semibold break-all text-fg">{maskEmail(email)}</span>
        </p>
        {note && <p className="mt-2 text-xs text-muted">{note}</p>}
      </div>

      <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-4" noValidate>
        {/* The boxes share the row (at most 44 / 48 px each) and the fieldset shrinks with it (not
            to its content's width, as fieldsets do): six fit in the card from 320 px. */}
        <fieldset className="min-w-0">
          <legend className="sr-only">Verification code</legend>
          <div className="flex justify-center gap-2">
            {digits.map((d, i) => (
              <input
                key={i}
                ref={(el) => {
                  boxes.current[i] = el;
                }}
                value={d}
                onChange={(e) => onChange(i, e.target.value)}
                onKeyDown={(e) => onKeyDown(i, e)}
                onPaste={(e) => onPaste(i, e)}
                onFocus={(e) => e.target.select()}
                inputMode="numeric"
                autoComplete={i === 0 ? 'one-time-code' : 'off'}
                pattern="[0-9]*"
                aria-label={`Digit ${i + 1} of ${OTP_LENGTH}`}
                aria-invalid={error ? true : undefined}
                disabled={busy}
                className="field h-12 max-w-11 min-w-0 flex-1 px-0 text-center text-xl font-bold sm:h-14 sm:max-w-12"
              />
            ))}
          </div>
        </fieldset>

        <p className="text-center text-sm" aria-live="polite">
          {expired ? (
            <span role="alert" className="font-semibold text-danger">
              {CLIENT_MESSAGES.auth.codeExpired}
            </span>
          ) : (
            <span className="text-muted">
              Code expires in{' '}
              <span className="font-semibold text-fg tabular-nums" aria-hidden="true">
                {formatClock(remaining)}
              </span>
              <span className="sr-only">{Math.ceil(remaining / 60)} minutes</span>
            </span>
          )}
        </p>

        {error && (
          <p role="alert" className="text-center text-sm font-medium text-danger">
            {error}
          </p>
        )}

        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Verifying…' : 'Verify & Continue'}
        </Button>
        <Button variant="outline" onClick={() => void resend()} disabled={!expired || resending}>
          <RotateCw size={16} aria-hidden="true" /> {resending ? 'Sending…' : 'Resend code'}
        </Button>
      </form>
      <p className="mt-6 text-center text-xs text-muted">
        The code expires automatically and can be used only once.
      </p>
    </div>
  );
}
