/** Pass 0: characters the writers cannot carry (nesting depth: ../nesting.ts). */
/**
 * Control characters (NUL, BEL…), the non-characters U+FFFE/U+FFFF and lone surrogates: XML (so
 * DOCX) cannot carry them, and they show nothing a reader would miss. A form feed is whitespace
 * in HTML, so it becomes a space.
 */
const XML_INVALID_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function withoutXmlInvalidCharacters(html: string): string {
  return html.replace(XML_INVALID_CHARACTERS, (character) => {
    if (character === '\f') return ' ';
    const isLoneSurrogate = character.charCodeAt(0) >= 0xd800 && character.charCodeAt(0) <= 0xdfff;
    return isLoneSurrogate ? '\ufffd' : '';
  });
}
