import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText, truncate } from './text.js';

describe('htmlToText', () => {
  it('drops tags, scripts, styles and comments, decodes entities and collapses whitespace', () => {
    expect(
      htmlToText(
        '<p>Hello&nbsp;<b>big</b>\n\n world&#33;</p><script>x()</script><style>p{}</style><!-- c --><br/>Bye &amp; thanks',
      ),
    ).toBe('Hello big world! Bye & thanks');
  });

  it('joins inline tags without a space and separates block tags with one', () => {
    expect(htmlToText('rate at <b>4.5%</b>. <div>Next</div><p>para</p>')).toBe(
      'rate at 4.5%. Next para',
    );
  });

  it('keeps a lone "<" that is not a tag', () => {
    expect(htmlToText('Why 2 < 3 matters')).toBe('Why 2 < 3 matters');
  });
});

describe('decodeEntities', () => {
  it('decodes numeric, hex and common named entities and leaves unknown ones', () => {
    expect(decodeEntities('&#8211; &#x2019; &hellip; &QUOT; &bogus; &#0;')).toBe(
      '– ’ … " &bogus; ',
    );
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text at a word boundary with an ellipsis', () => {
    expect(truncate('short', 10)).toBe('short');
    const cut = truncate('word '.repeat(300), 1000);
    expect(cut.length).toBeLessThanOrEqual(1000);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
