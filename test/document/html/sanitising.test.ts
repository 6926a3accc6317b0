/**
 * Every element that must vanish with its content (code, styles, embedded documents, vector
 * graphics, media, forms) does, on each path rich text can take: a tenant's answer (sanitized),
 * a layout template's output (read by the walker alone), and a subtree nested too deep to walk
 * (flattened to its text). The list is written out here, not imported, so dropping a tag from
 * the source's list fails a test.
 */
import { htmlToBlocks, htmlToPlainText } from '../../../src/document/html';
import { blocksToPlainText } from '../../../src/document/text';

/** Elements with content. `embed`, `frame`, `input` and `param` are void (htmlparser2 closes
 *  them at once, so they have no content to drop); their attributes are checked below. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'frameset',
  'noframes',
  'object',
  'applet',
  'svg',
  'math',
  'canvas',
  'audio',
  'video',
  'picture',
  'map',
  'head',
  'title',
  'xmp',
  'noembed',
  'form',
  'fieldset',
  'legend',
  'label',
  'button',
  'select',
  'option',
  'optgroup',
  'datalist',
  'textarea',
  'output',
  'progress',
  'meter',
];

const html = (tag: string) => `<p>before</p><${tag}>SECRET-${tag}</${tag}><p>after</p>`;
/** Deeper than the walker goes (100 levels): the subtree is flattened to its text instead. */
const deep = (tag: string) => `${'<div>'.repeat(101)}before <${tag}>SECRET-${tag}</${tag}> after`;

describe('elements dropped with their content', () => {
  it.each(DROPPED_WITH_CONTENT)('drops <%s> and its content from an answer', (tag) => {
    expect(blocksToPlainText(htmlToBlocks(html(tag)))).toBe('before\nafter');
    expect(htmlToPlainText(html(tag))).toBe('before\nafter');
  });

  it.each(DROPPED_WITH_CONTENT)('drops <%s> and its content from layout template output', (tag) => {
    expect(blocksToPlainText(htmlToBlocks(html(tag), { layout: true }))).toBe('before\nafter');
  });

  it.each(DROPPED_WITH_CONTENT)('drops <%s> and its content from a subtree too deep to walk', (tag) => {
    for (const layout of [false, true]) {
      const text = blocksToPlainText(htmlToBlocks(deep(tag), { layout }));
      expect(text).not.toContain('SECRET');
      expect(text.replace(/\s+/g, ' ').trim()).toBe('before after');
    }
  });

  it.each(['embed', 'frame', 'input', 'param'])('drops the void element <%s> and its attributes', (tag) => {
    for (const layout of [false, true]) {
      const blocks = htmlToBlocks(
        `<p>before <${tag} src="SECRET-src" value="SECRET-value" name="SECRET-name"> after</p>`,
        { layout },
      );
      expect(JSON.stringify(blocks)).not.toContain('SECRET');
      expect(blocksToPlainText(blocks)).toMatch(/^before +after$/);
    }
  });

  it('keeps the text of an element that is only not allowed (its tag goes, its words stay)', () => {
    for (const layout of [false, true]) {
      expect(blocksToPlainText(htmlToBlocks('<p>a <marquee>kept</marquee> <blink>too</blink></p>', { layout }))).toBe(
        'a kept too',
      );
    }
  });
});

describe('links and images in answers', () => {
  const convert = (html: string) => {
    const warnings: string[] = [];
    const blocks = htmlToBlocks(html, { onWarning: (message) => warnings.push(message) });
    return { json: JSON.stringify(blocks), text: blocksToPlainText(blocks), warnings };
  };
  const linkOf = (html: string) => convert(`<p><a href="${html}">text</a></p>`);

  it.each([
    ['javascript: carrying an https URL', 'javascript:alert(&quot;https://x.example&quot;)'],
    ['mailto: not at the start', 'xmailto:a@b.example'],
    ['an empty mailto:', 'mailto:'],
    ['https:// not at the start', 'see:https://x.example'],
  ])('drops the link of %s, keeps its text and says so', (_name, href) => {
    const { json, text, warnings } = linkOf(href);
    expect(json).not.toContain('"link"');
    expect(text).toBe('text');
    expect(warnings).toEqual([expect.stringMatching(/^Removed the link to /)]);
  });

  it('keeps http(s) and mailto links, trimmed', () => {
    expect(linkOf(' https://ok.example/a b ').json).toContain('"href":"https://ok.example/a%20b"');
    expect(linkOf('mailto:dmp@example.org').json).toContain('"href":"mailto:dmp@example.org"');
  });

  it('quotes a long address in a warning cut to 80 characters, a short one whole', () => {
    const long = `ftp://files.example/${'x'.repeat(100)}`;
    expect(linkOf(long).warnings).toEqual([
      `Removed the link to "${long.slice(0, 77)}...": only http, https and mailto links are exported (its text is kept)`,
    ]);
    const exact = `ftp://${'y'.repeat(74)}`;
    expect(exact).toHaveLength(80);
    expect(linkOf(exact).warnings).toEqual([
      `Removed the link to "${exact}": only http, https and mailto links are exported (its text is kept)`,
    ]);
  });

  it('drops an image whose address only contains "data:", and warns only when there was an address', () => {
    const remote = convert('<p><img src="https://x.example/data:image/png;base64,AAAA"></p>');
    expect(remote.json).not.toContain('"image"');
    expect(remote.warnings).toEqual([expect.stringMatching(/^Removed the image "https:\/\/x\.example\/data:/)]);
    expect(convert('<p><img src="  "><img></p>').warnings).toEqual([]);
  });
});
