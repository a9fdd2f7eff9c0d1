import type { EditionFrequency } from '@lede/shared';
import type { MailMessage } from '../../lib/mailer.js';
import { escapeHtml } from './escape-html.js';

/** One story of an edition, as the mail shows it. */
export interface EditionEntry {
  title: string;
  /** The story's page in the app. */
  url: string;
  sourceName: string;
  /** Why the feed picked it ("Because you like Sports"). */
  reason: string;
  /** How many sources report it. */
  sources: number;
}

export interface EditionMailInput {
  to: string;
  name: string;
  frequency: Exclude<EditionFrequency, 'off'>;
  /** The local date it is for, `YYYY-MM-DD`. */
  editionDate: string;
  entries: EditionEntry[];
  /** The one-click link (RFC 8058), also shown in both parts. */
  unsubscribeUrl: string;
  /** Where the reader changes when it comes. */
  settingsUrl: string;
}

/** "Tuesday 10 March 2030": the date alone, so no time zone can move it to another day. */
function longDate(isoDate: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(`${isoDate}T12:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

const sourcesText = (n: number) => `${n} ${n === 1 ? 'source' : 'sources'}`;

function textPart(input: EditionMailInput, heading: string): string {
  const stories = input.entries.map((entry, i) =>
    [
      `${i + 1}. ${entry.title}`,
      `   ${entry.reason} · ${sourcesText(entry.sources)} · ${entry.sourceName}`,
      `   ${entry.url}`,
    ].join('\n'),
  );
  return [
    heading,
    '',
    `Hello ${input.name}, here is the top of your feed.`,
    '',
    stories.join('\n\n'),
    '',
    '--',
    `You get this ${input.frequency} edition because you asked for it.`,
    `Change when it comes: ${input.settingsUrl}`,
    `Unsubscribe: ${input.unsubscribeUrl}`,
    '',
  ].join('\n');
}

/**
 * Tables and inline styles, as mail clients render them. Colours read on light and dark
 * backgrounds alike; clients that honour `color-scheme` (Apple Mail, Outlook) use their own dark
 * palette, and the <style> block gives the others that read it a dark one.
 */
function htmlPart(input: EditionMailInput, heading: string): string {
  const stories = input.entries
    .map(
      (entry) => `
        <tr><td class="story" style="padding:14px 0;border-bottom:1px solid #d0d4da;">
          <a href="${escapeHtml(entry.url)}" class="title" style="color:#1a4fa0;font-size:17px;font-weight:bold;line-height:1.35;text-decoration:none;">${escapeHtml(entry.title)}</a>
          <div class="meta" style="color:#5b6270;font-size:13px;line-height:1.5;padding-top:4px;">${escapeHtml(entry.reason)} · ${sourcesText(entry.sources)} · ${escapeHtml(entry.sourceName)}</div>
        </td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(heading)}</title>
<style>
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .body { background: #15171a !important; color: #e6e8eb !important; }
    .title, .link { color: #8ab4f8 !important; }
    .meta, .footer { color: #a6adb8 !important; }
    .story { border-color: #3a3f47 !important; }
  }
</style>
</head>
<body class="body" style="margin:0;padding:0;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
  <tr><td align="center" style="padding:24px 16px;">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;font-family:Arial,Helvetica,sans-serif;">
      <tr><td style="padding-bottom:8px;"><h1 style="font-size:22px;line-height:1.3;margin:0;">${escapeHtml(heading)}</h1></td></tr>
      <tr><td style="font-size:15px;line-height:1.5;padding-bottom:8px;">Hello ${escapeHtml(input.name)}, here is the top of your feed.</td></tr>
      ${stories}
      <tr><td class="footer" style="color:#5b6270;font-size:12px;line-height:1.6;padding-top:20px;">
        You get this ${input.frequency} edition because you asked for it.
        <a href="${escapeHtml(input.settingsUrl)}" class="link" style="color:#1a4fa0;">Change when it comes</a> ·
        <a href="${escapeHtml(input.unsubscribeUrl)}" class="link" style="color:#1a4fa0;">Unsubscribe</a>
      </td></tr>
    </table>
  </td></tr>
</table>
</body>
</html>`;
}

/** The edition's mail: both parts, and the one-click unsubscribe headers (RFC 8058). */
export function editionMail(input: EditionMailInput): MailMessage {
  const when = longDate(input.editionDate);
  const heading = `Your ${input.frequency === 'weekly' ? 'weekly ' : ''}Lede edition for ${when}`;
  return {
    to: input.to,
    subject: heading,
    text: textPart(input, heading),
    html: htmlPart(input, heading),
    logSummary: `${input.entries.length} stories; unsubscribe: ${input.unsubscribeUrl}`,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
