import { passwordStrength, PASSWORD_RULES, type StrengthLabel } from '@lede/shared/constants';
import { Check, Info, X } from 'lucide-react';

const BAR_COLOR: Record<StrengthLabel, string> = {
  'Very Weak': 'bg-danger',
  Weak: 'bg-danger',
  Fair: 'bg-warn',
  Good: 'bg-accent',
  Strong: 'bg-success',
};

/** Strength bar (section 5 levels) and, once a confirmation is typed, the match row. */
export function PasswordStrength({ password, confirm }: { password: string; confirm?: string }) {
  const s = passwordStrength(password);
  return (
    <div className="flex flex-col gap-2" data-testid="password-strength">
      <div className="flex items-center justify-between text-xs">
        <span className="text-muted">Password strength</span>
        <span className="font-semibold">{password ? s.label : '—'}</span>
      </div>
      <div className="h-2 w-full overflow-hidden rounded-full bg-surface" aria-hidden="true">
        <div
          className={`h-full rounded-full transition-all ${BAR_COLOR[s.label]}`}
          style={{ width: `${password ? s.percent : 0}%` }}
          data-percent={password ? s.percent : 0}
        />
      </div>
      {confirm !== undefined && confirm !== '' && (
        <p
          className={`flex items-center gap-1 text-xs font-medium ${
            confirm === password ? 'text-success' : 'text-danger'
          }`}
        >
          {confirm === password ? (
            <Check size={14} aria-hidden="true" />
          ) : (
            <X size={14} aria-hidden="true" />
          )}
          {confirm === password ? 'Passwords match' : 'Passwords do not match'}
        </p>
      )}
    </div>
  );
}

/** The password rules, each marked met or not met. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  return (
    <div id={id} className="rounded-lg border border-line bg-surface p-3 text-sm">
      <p className="mb-2 font-semibold">Password requirements</p>
      <ul className="flex flex-col gap-1">
        {PASSWORD_RULES.map((rule) => {
          const ok = rule.test(password);
          return (
            <li
              key={rule.id}
              className={`flex items-center gap-2 ${ok ? 'text-success' : 'text-muted'}`}
            >
              {ok ? <Check size={14} aria-hidden="true" /> : <X size={14} aria-hidden="true" />}
              <span>{rule.label}</span>
              <span className="sr-only">{ok ? '(met)' : '(not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The (i) button beside a password's label that shows or hides its rules. */
export function PasswordRulesToggle({
  open,
  controls,
  onToggle,
}: {
  open: boolean;
  /** The id of the rules panel. */
  controls: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:text-fg"
      aria-label="Password requirements"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <Info size={16} aria-hidden="true" />
    </button>
  );
}
