/**
 * Word strictness: Word refuses files that LibreOffice opens (peers have shipped such DOCX). Word is
 * not available here, so every fixture's DOCX is held to the ECMA-376 transitional schemas instead,
 * read as Word reads it: Word 2010+ extensions in ignorable namespaces dropped first.
 */
import JSZip from 'jszip';
import { writeDocx } from '../../../src/formats/docx/DocxWriter';
import { documentFixtures, exportFixture, fixtureName } from '../../builders/fixtureExports';
import { applyMarkupCompatibility, MarkupCompatibilityError } from '../../helpers/markupCompatibility';
import { SCHEMA_NAMESPACES, validateWordParts } from '../../helpers/wordSchema';
import { meta, richDocument } from '../../builders/documents';
import { exportWithJavaShell, JAVA_BODY_MARKERS } from '../../builders/javaStyleShell';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const W14 = 'http://schemas.microsoft.com/office/word/2010/wordml';
const WPS = 'http://schemas.microsoft.com/office/word/2010/wordprocessingShape';
const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const namespaces = `xmlns:w="${W}" xmlns:w14="${W14}" xmlns:wps="${WPS}" xmlns:mc="${MC}"`;
const understood = new Set([W]);
/** `rest`: the body element's further attributes (or none), then its content. */
const compatible = (rest: string) => applyMarkupCompatibility(`<w:body ${namespaces} ${rest}`, understood);

describe('Markup Compatibility processing, as Word does it before reading a part', () => {
  it('drops attributes and elements of ignorable namespaces it does not understand, with their content', () => {
    const out = compatible(
      'mc:Ignorable="w14"><w:p w14:paraId="1A2B3C4D"><w14:glow><w:r><w:t>lost</w:t></w:r></w14:glow><w:r><w:t>kept</w:t></w:r></w:p></w:body>',
    );
    expect(out).not.toContain('paraId');
    expect(out).not.toContain('glow');
    expect(out).not.toContain('lost');
    expect(out).toContain('<w:t>kept</w:t>');
    expect(out).not.toContain('mc:Ignorable');
  });

  it('keeps what is not ignorable, so a foreign element fails the schema as it fails Word', () => {
    const out = compatible('><w:p w14:paraId="1A2B3C4D"><w14:glow/></w:p></w:body>');
    expect(out).toContain('w14:paraId');
    expect(out).toContain('<w14:glow/>');
  });

  it('reads an ignorable declaration in the scope of the element that makes it', () => {
    const out = compatible('><w:p mc:Ignorable="w14"><w14:glow/></w:p><w:p><w14:glow/></w:p></w:body>');
    expect(out.match(/w14:glow/g)).toHaveLength(1);
    expect(out.indexOf('w14:glow')).toBeGreaterThan(out.lastIndexOf('<w:p>'));
  });

  it('takes the Fallback of an AlternateContent whose Choice requires an extension, the Choice when it is understood', () => {
    const alternate = (requires: string) =>
      `><w:r><mc:AlternateContent><mc:Choice Requires="${requires}"><w:t>choice</w:t></mc:Choice><mc:Fallback><w:t>fallback</w:t></mc:Fallback></mc:AlternateContent></w:r></w:body>`;
    const unknown = compatible(alternate('wps'));
    expect(unknown).toContain('<w:r><w:t>fallback</w:t></w:r>');
    expect(unknown).not.toContain('choice');
    expect(unknown).not.toContain('AlternateContent');
    expect(compatible(alternate('w'))).toContain('<w:r><w:t>choice</w:t></w:r>');
  });

  it('keeps the content of ignored elements that ProcessContent names', () => {
    const out = compatible(
      'mc:Ignorable="w14" mc:ProcessContent="w14:wrap"><w:p><w14:wrap><w:r><w:t>inside</w:t></w:r></w14:wrap></w:p></w:body>',
    );
    expect(out).toContain('<w:p><w:r><w:t>inside</w:t></w:r></w:p>');
  });

  it('refuses a part that must be understood in a namespace it does not know', () => {
    expect(() => compatible('mc:MustUnderstand="w14"></w:body>')).toThrow(MarkupCompatibilityError);
    expect(() => compatible('mc:Ignorable="nope"></w:body>')).toThrow(/prefix "nope"/);
  });

  it('understands the namespaces the vendored ECMA-376 schemas define', () => {
    expect(SCHEMA_NAMESPACES).toContain(W);
    expect(SCHEMA_NAMESPACES).toContain('http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing');
    expect(SCHEMA_NAMESPACES).not.toContain(W14);
  });
});

/** A .docx with its document.xml edited. */
async function withDocumentXml(bytes: Uint8Array, edit: (xml: string) => string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  zip.file('word/document.xml', edit(await zip.files['word/document.xml'].async('string')));
  return zip.generateAsync({ type: 'uint8array' });
}

describe('DOCX parts against the ECMA-376 transitional schemas (xmllint)', () => {
  const files: Record<string, Uint8Array> = {};

  beforeAll(async () => {
    for (const file of documentFixtures()) files[`${fixtureName(file)}.docx`] = await exportFixture(file, 'docx');
    for (const [i, marker] of JAVA_BODY_MARKERS.entries())
      files[`java-shell-${i + 1}.docx`] = await exportWithJavaShell(marker);
    files['every-block-type.docx'] = await writeDocx(richDocument());
    const rich = richDocument();
    files['every-block-type-rtl-landscape.docx'] = await writeDocx({
      ...rich,
      meta: meta({
        direction: 'rtl',
        language: 'ar',
        pageSize: 'Letter',
        orientation: 'landscape',
        theme: { spacing: 'compact', bodyFont: 'Noto Sans', fontSize: 10 },
      }),
    });
  }, 60_000);

  it('finds every fixture valid: document, styles, numbering, headers and footers', async () => {
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['plan-full.docx', 'description-full.docx', 'plan-minimal.docx', 'java-shell-1.docx']),
    );
    const report = await validateWordParts(files);
    expect(report.errors).toEqual([]);
    for (const part of ['document', 'styles', 'numbering', 'header1', 'footer1'])
      expect(report.parts).toContain(`plan-full.docx word/${part}.xml`);
    expect(report.parts).toContain('java-shell-1.docx word/document.xml');
  });

  it('names the file, the part and the element when a part breaks the schema', async () => {
    const base = files['plan-minimal.docx'];
    const broken = {
      // CT_PPr is a sequence: the paragraph style comes first.
      'order.docx': await withDocumentXml(base, (xml) =>
        xml.replace(/<w:pPr><w:pStyle w:val="([^"]+)"\/>/, '<w:pPr><w:keepNext/><w:pStyle w:val="$1"/>'),
      ),
      // An extension element outside mc:Ignorable is unknown markup to a strict reader.
      'extension.docx': await withDocumentXml(base, (xml) =>
        xml.replace('mc:Ignorable="w14 w15 wp14"', 'mc:Ignorable="w15 wp14"').replace('<w:r>', '<w:r><w14:unknown/>'),
      ),
    };
    const { errors } = await validateWordParts(broken);
    expect(errors.find((error) => error.startsWith('order.docx word/document.xml:'))).toMatch(
      /Element 'w:pStyle': This element is not expected/,
    );
    expect(errors.find((error) => error.startsWith('extension.docx word/document.xml:'))).toMatch(
      /Element 'w14:unknown': This element is not expected/,
    );
    expect(errors.filter((error) => !error.startsWith('order.docx') && !error.startsWith('extension.docx'))).toEqual(
      [],
    );
  });
});
