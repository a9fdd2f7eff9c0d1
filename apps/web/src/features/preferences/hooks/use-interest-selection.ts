import { CATEGORY_IDS, MESSAGES, MIN_INTERESTS, type CategoryId } from '@lede/shared/constants';
import { useState } from 'react';
import { paths } from '@/lib/paths';

export type PreferencesMode = 'new' | 'insufficient' | 'reset';

/** Spec section 2: the heading of each mode. */
export const PREFERENCES_HEADINGS: Record<PreferencesMode, string> = {
  new: "Welcome! Let's Personalize Your Experience",
  insufficient: 'Complete Your Interests',
  reset: 'Update Your Interests',
};

export const PREFERENCES_HINT = 'Select at least 3 categories for better personalization';

/**
 * The mode from the navigation state; without one, a reader holding some but too few interests
 * completes them (insufficient); otherwise new (spec section 2's default).
 */
export function preferencesMode(state: unknown, interestCount = 0): PreferencesMode {
  const mode = (state as { mode?: unknown } | null)?.mode;
  if (mode === 'insufficient' || mode === 'reset' || mode === 'new') return mode;
  return interestCount > 0 && interestCount < MIN_INTERESTS ? 'insufficient' : 'new';
}

/** Where Go Back leads: /home in insufficient mode, /profile otherwise (spec section 2). */
export function goBackTarget(mode: PreferencesMode): string {
  return mode === 'insufficient' ? paths.home() : paths.profile();
}

/**
 * What a Save press does (spec section 5): refused with the error text under 3 categories,
 * otherwise the list to send in the categories' order.
 */
export function checkSelection(
  selected: readonly CategoryId[],
): { ok: true; interests: CategoryId[] } | { ok: false; error: string } {
  if (selected.length < MIN_INTERESTS)
    return { ok: false, error: MESSAGES.validation.minInterests };
  return { ok: true, interests: CATEGORY_IDS.filter((id) => selected.includes(id)) };
}

export function useInterestSelection(initial: readonly CategoryId[]) {
  const [selected, setSelected] = useState<CategoryId[]>(() => [...initial]);
  const toggle = (id: CategoryId) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  return { selected, toggle };
}
