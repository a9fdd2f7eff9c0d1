import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps, type Ref } from 'react';

/** A password field with a show/hide toggle. */
export function PasswordInput({
  ref,
  className = '',
  ...props
}: ComponentProps<'input'> & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        ref={ref}
        {...props}
        type={visible ? 'text' : 'password'}
        className={`field pr-11 ${className}`}
      />
      <button
        type="button"
        className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:text-fg"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
      >
        {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
      </button>
    </div>
  );
}
