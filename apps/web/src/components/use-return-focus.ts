import { useRef } from 'react';

/**
 * Focus goes back where it was when a dialog closes. Radix returns it to a Dialog.Trigger, but a
 * dialog opened some other way (a keyboard shortcut, a plain button, state) has none and would
 * drop focus to the page body. Spread the result on Dialog.Content / AlertDialog.Content: the
 * element focused as the dialog opened is remembered and focused again on close.
 */
export function useReturnFocus() {
  const previous = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Runs before the dialog moves focus in: the active element is still the one outside.
      const active = document.activeElement;
      previous.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = previous.current;
      previous.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
