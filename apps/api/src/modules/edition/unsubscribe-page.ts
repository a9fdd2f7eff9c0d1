import { MESSAGES } from '@lede/shared';
import { escapeHtml } from './escape-html.js';

/**
 * The small pages of the unsubscribe link: a button (a form posting to the same link, no script:
 * the CSP allows none inline), the confirmation, and the refusal of a bad link.
 */

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Lede</title>
</head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;">
<h1 style="font-size:1.4rem;">${escapeHtml(title)}</h1>
${body}
</body>
</html>`;

export const unsubscribeFormPage = (actionPath: string) =>
  page(
    'Stop the daily edition?',
    `<p>You will get no more editions by e-mail. You can turn them on again in your profile.</p>
<form method="post" action="${escapeHtml(actionPath)}">
<button type="submit" style="font-size:1rem;padding:0.5rem 1.2rem;">Unsubscribe</button>
</form>`,
  );

export const unsubscribedPage = (settingsUrl: string) =>
  page(
    'You are unsubscribed',
    `<p>No more editions will be sent to you. <a href="${escapeHtml(settingsUrl)}">Your profile</a> turns them on again.</p>`,
  );

export const invalidLinkPage = () =>
  page(
    'This link does not work',
    `<p>${escapeHtml(MESSAGES.edition.linkInvalid)} Nothing was changed. Every edition carries a fresh link; your profile turns the edition off too.</p>`,
  );
