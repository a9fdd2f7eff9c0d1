import { z } from 'zod';
import { defineRoutes } from './define.js';
import {
  editionSettingsBody,
  editionSettingsResponse,
  editionSettingsSavedResponse,
  unsubscribeQuery,
} from '../schemas/edition.js';

const UNSUBSCRIBE_NOTES =
  'The link of every edition, in its body and its `List-Unsubscribe` header (RFC 8058), with ' +
  'a signed `token` (the reader, its purpose and an expiry): no sign-in is needed. A token ' +
  'that is tampered with or expired changes nothing and answers 400 with a page that says so.';

/** The daily edition by e-mail: the reader's settings, and unsubscribing from a mail. */
export const EDITION_ROUTES = defineRoutes({
  'GET /api/profile/edition': {
    access: 'signedIn',
    summary: 'The daily edition settings: off (the default), daily or weekly, at a local time.',
    notes: "Until the reader saves a choice, `timezone` is the profile's.",
    responses: { 200: editionSettingsResponse },
  },
  'PUT /api/profile/edition': {
    access: 'signedIn',
    summary: 'Sets the daily edition: `frequency`, `weekday` (weekly only), `time`, `timezone`.',
    notes:
      'The edition is the top of the reader’s feed, one entry per story with its reason and ' +
      'number of sources, mailed at `time` (`HH:MM`) in `timezone` (an IANA name); nothing is ' +
      'sent when no story is new since the last one. Counts against the `profile` write budget.',
    body: editionSettingsBody,
    responses: { 200: editionSettingsSavedResponse },
    errors: ['TOO_MANY_WRITES', 'RATE_LIMITED', 'INVALID_TIMEZONE'],
  },
  'GET /api/edition/unsubscribe': {
    access: 'visitor',
    summary: 'A page with one button that stops the daily edition (a form posting to itself).',
    notes: UNSUBSCRIBE_NOTES,
    query: unsubscribeQuery,
    responses: { 200: z.string() },
    contentType: 'text/html',
    errors: ['UNSUBSCRIBE_LINK_INVALID'],
  },
  'POST /api/edition/unsubscribe': {
    access: 'visitor',
    summary: 'Stops the daily edition: the one-click unsubscribe of RFC 8058, answered by a page.',
    notes: `${UNSUBSCRIBE_NOTES} A mail client posts \`List-Unsubscribe=One-Click\`; the body is not read.`,
    query: unsubscribeQuery,
    responses: { 200: z.string() },
    contentType: 'text/html',
    errors: ['UNSUBSCRIBE_LINK_INVALID'],
  },
});
