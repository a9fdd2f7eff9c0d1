import { editionSettingsBody, type EditionSettingsBody } from '@lede/shared';
import type { EditionErrors, EditionField } from './edition-form';

/** The shared schema's refusals, by field (the first for each); none when the body is valid. */
export function checkBody(body: EditionSettingsBody): EditionErrors {
  const parsed = editionSettingsBody.safeParse(body);
  if (parsed.success) return {};
  const errors: EditionErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as EditionField;
    errors[field] ??= issue.message;
  }
  return errors;
}
