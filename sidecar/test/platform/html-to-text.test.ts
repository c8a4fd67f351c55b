// News bodies and titles are untrusted HTML: the text a model sees keeps the words and drops everything that runs,
// hides or reorders text.
import { describe, expect, it } from 'vitest';
import { htmlToText } from '../../src/platform/html-to-text.js';

describe('htmlToText', () => {
  it('drops scripts, styles, images, comments and link targets, and keeps the words', () => {
    const html =
      '<p>Hello <b>world</b><img src=x onerror="alert(1)"></p><script>steal()</script><style>p{}</style>' +
      '<!-- hidden --><a href="javascript:x">link</a>';

    expect(htmlToText(html)).toBe('Hello world\nlink');
  });

  it('writes list items as "- " lines and decodes entities', () => {
    expect(htmlToText('<ul><li>one &amp; two</li><li>&#x263A; &eacute;t&eacute;</li></ul>')).toBe(
      '- one & two\n- ☺ été',
    );
  });

  it('removes invisible and bidirectional control characters that could hide or reorder text', () => {
    expect(htmlToText('<p>pay\u202e\u2066 to\u200b bob</p>')).toBe('pay to bob');
  });

  it('cuts long text to the length asked for, with "..."', () => {
    const text = htmlToText(`<p>${'word '.repeat(1000)}</p>`, 50);

    expect(text.length).toBeLessThanOrEqual(50);
    expect(text.endsWith('...')).toBe(true);
  });
});
