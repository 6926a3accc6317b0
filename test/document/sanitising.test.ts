/**
 * Every element that must vanish with its content (code, styles, embedded documents, vector
 * graphics, media, forms) does, on each path rich text can take: a tenant's answer (sanitized),
 * a layout template's output (read by the walker alone), and a subtree nested too deep to walk
 * (flattened to its text). The list is written out here, not imported, so dropping a tag from
 * the source's list fails a test.
 */
import { htmlToBlocks, htmlToPlainText } from '../../src/document/html';
import { blocksToPlainText } from '../../src/document/text';

/** Elements with content. `embed`, `frame`, `input` and `param` are void (htmlparser2 closes
 *  them at once, so they have no content to drop); their attributes are checked below. */
const DROPPED_WITH_CONTENT = [
  'script', 'style', 'noscript', 'template', 'iframe', 'frameset', 'noframes', 'object', 'applet', 'svg', 'math',
  'canvas', 'audio', 'video', 'picture', 'map', 'head', 'title', 'xmp', 'noembed', 'form', 'fieldset', 'legend',
  'label', 'button', 'select', 'option', 'optgroup', 'datalist', 'textarea', 'output', 'progress', 'meter',
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
      const blocks = htmlToBlocks(`<p>before <${tag} src="SECRET-src" value="SECRET-value" name="SECRET-name"> after</p>`, { layout });
      expect(JSON.stringify(blocks)).not.toContain('SECRET');
      expect(blocksToPlainText(blocks)).toMatch(/^before +after$/);
    }
  });

  it('keeps the text of an element that is only not allowed (its tag goes, its words stay)', () => {
    for (const layout of [false, true]) {
      expect(blocksToPlainText(htmlToBlocks('<p>a <marquee>kept</marquee> <blink>too</blink></p>', { layout }))).toBe('a kept too');
    }
  });
});
