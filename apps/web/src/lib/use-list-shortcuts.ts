import { useEffect, useRef } from 'react';

export type ListCommand = 'next' | 'previous' | 'open' | 'help';

const KEYS: Record<string, ListCommand> = {
  j: 'next',
  k: 'previous',
  o: 'open',
  '?': 'help',
};

/** True when the key goes to something the reader types into (never a shortcut then). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return !!target.closest(
    'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"]',
  );
}

/**
 * The list command of a key press, or null: never with Ctrl/Alt/Meta, never while typing in a
 * field, never while a dialog (the article modal) holds the keyboard.
 */
export function listCommand(e: KeyboardEvent): ListCommand | null {
  if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey) return null;
  if (isTypingTarget(e.target)) return null;
  if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return null;
  return KEYS[e.key] ?? null;
}

/** j / k / o / ? on a list of cards (document-wide while the list is shown). */
export function useListShortcuts(onCommand: (command: ListCommand) => void, enabled = true): void {
  const handler = useRef(onCommand);
  useEffect(() => {
    handler.current = onCommand;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const command = listCommand(e);
      if (!command) return;
      e.preventDefault();
      handler.current(command);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
