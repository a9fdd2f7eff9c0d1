import { describe, expect, it } from 'vitest';
import { editionMail, type EditionMailInput } from './edition-mail.js';

const input: EditionMailInput = {
  to: 'ada@example.com',
  name: 'Ada <Admin>',
  frequency: 'daily',
  editionDate: '2030-03-11',
  entries: [
    {
      title: 'Storm <script>alert(1)</script> & floods',
      url: 'https://lede.example/story/1?a=1&b="2"',
      sourceName: 'Coast Herald',
      reason: 'Because you like World',
      sources: 3,
    },
  ],
  unsubscribeUrl: 'https://lede.example/api/edition/unsubscribe?token=abc.def',
  settingsUrl: 'https://lede.example/profile',
};

describe('the edition mail', () => {
  const mail = editionMail(input);

  it('escapes what feeds and readers wrote in its HTML, and keeps the text part plain', () => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Storm &lt;script&gt;alert(1)&lt;/script&gt; &amp; floods');
    expect(mail.html).toContain('href="https://lede.example/story/1?a=1&amp;b=&quot;2&quot;"');
    expect(mail.html).toContain('Hello Ada &lt;Admin&gt;');
    expect(mail.text).toContain('1. Storm <script>alert(1)</script> & floods');
    expect(mail.text).toContain('Because you like World · 3 sources · Coast Herald');
  });

  it('gives every link a colour of the dark palette, for clients that read its <style>', () => {
    const dark = mail.html!.match(
      /@media \(prefers-color-scheme: dark\) \{([\s\S]*?)<\/style>/,
    )?.[1];
    expect(dark).toMatch(/\.title, \.link \{ color: #8ab4f8 !important; \}/);
    const links = mail.html!.match(/<a [^>]*>/g) ?? [];
    expect(links).toHaveLength(3);
    for (const link of links) expect(link).toMatch(/ class="(title|link)"/);
  });

  it('names its local date, and carries the one-click unsubscribe headers', () => {
    expect(mail.subject).toBe('Your Lede edition for Monday 11 March 2030');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain(`Unsubscribe: ${input.unsubscribeUrl}`);
    expect(mail.html).toContain(`href="${input.unsubscribeUrl}"`);
  });
});
