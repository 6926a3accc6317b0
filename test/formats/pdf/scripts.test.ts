import type { DocumentModel } from '../../../src/document/types';
import { writePdf } from '../../../src/formats/pdf/PdfWriter';
import { pdfFonts, pdfText, pdfWords, type PdfWord } from '../../helpers/pdf';
import { heading, meta, paragraph } from '../../builders/documents';

const squash = (value: string): string => value.replace(/\s+/g, ' ').trim();
const baseFontName = (name: string): string => name.replace(/^[A-Z]{6}\+/, '');

const SAMPLES = {
  greek: 'Τα δεδομένα αποθηκεύονται με ασφάλεια',
  chinese: '数据管理计划描述了研究数据的处理方式',
  japanese: 'データ管理計画は研究データの扱いを説明します',
  korean: '데이터 관리 계획은 연구 데이터의 처리 방법을 설명합니다',
  arabic: 'تصف خطة إدارة البيانات كيفية التعامل مع بيانات البحث',
  hebrew: 'תוכנית ניהול הנתונים מתארת את הטיפול בנתוני המחקר',
  cyrillic: 'План управления данными',
};

/** pdftotext -bbox lists the characters of right-to-left words as drawn: left to right. */
const drawn = (word: string): string => [...word].reverse().join('');

/** Words of one line (same baseline) containing `probe`, left to right. */
function lineOf(words: PdfWord[], probe: string): PdfWord[] {
  const anchor = words.find((word) => word.text.includes(probe));
  if (!anchor) throw new Error(`"${probe}" not found among ${words.map((word) => word.text).join(' ')}`);
  return words
    .filter((word) => word.page === anchor.page && Math.abs(word.yMax - anchor.yMax) < 2)
    .sort((a, b) => a.xMin - b.xMin);
}

describe('writePdf: scripts', () => {
  let bytes: Uint8Array;
  let extracted: string;

  beforeAll(async () => {
    const doc: DocumentModel = {
      meta: meta(),
      blocks: [
        heading(1, 'Scripts'),
        ...Object.values(SAMPLES).map((sample) => paragraph(sample)),
        paragraph('Data 数据 δεδομένα بيانات 데이터'),
      ],
    };
    bytes = await writePdf(doc);
    extracted = squash(await pdfText(bytes));
  });

  it.each(Object.entries(SAMPLES))('extracts %s text as written, words in reading order', (_script, sample) => {
    expect(extracted).toContain(sample);
  });

  it('renders a mixed-script paragraph in one line, every word in its own font', async () => {
    const words = lineOf(await pdfWords(bytes), 'Data').map((word) => word.text);
    expect(words).toEqual(['Data', '数据', 'δεδομένα', drawn('بيانات'), '데이터']);
  });

  it('embeds a subset of each font the scripts need, each with a ToUnicode map', async () => {
    const fonts = await pdfFonts(bytes);
    const names = fonts.map((font) => baseFontName(font.name));
    expect(names).toEqual(
      expect.arrayContaining([
        'DejaVuSans',
        'DejaVuSans-Bold',
        'NotoSansSC-Regular',
        'NotoSansKR-Regular',
        'NotoSansHebrew-Regular',
      ]),
    );
    for (const font of fonts)
      expect(font).toMatchObject({ embedded: true, subset: true, hasToUnicode: true, encoding: 'Identity-H' });
  });

  it('does not embed fonts a document does not use', async () => {
    const latin = await writePdf({ meta: meta(), blocks: [paragraph('Only Latin text here.')] });
    const names = (await pdfFonts(latin)).map((font) => baseFontName(font.name));
    expect(names.filter((name) => /Noto/.test(name))).toEqual([]);
  });

  it('extracts the same text whatever the thread rendered before (fonts are shared between documents)', async () => {
    // Greek capitals are built from Latin glyph parts: subsetting them must not spoil the Latin letters.
    await writePdf({ meta: meta(), blocks: [paragraph('ΤΑΥ ΑΛΦΑ ΒΗΤΑ ΕΨΙΛΟΝ')] });
    const after = await writePdf({ meta: meta(), blocks: [paragraph('The Alpha Beta Epsilon TAB')] });
    expect(squash(await pdfText(after))).toContain('The Alpha Beta Epsilon TAB');
  });

  it('draws CJK bold with the bold CJK face', async () => {
    const bold = await writePdf({ meta: meta(), blocks: [heading(2, '数据管理')] });
    expect((await pdfFonts(bold)).map((font) => baseFontName(font.name))).toContain('NotoSansSC-Bold');
    expect(squash(await pdfText(bold))).toContain('数据管理');
  });
});

describe('writePdf: right-to-left text', () => {
  const arabicWords = SAMPLES.arabic.split(' ');

  it('lays an Arabic paragraph out right to left, right-aligned', async () => {
    const bytes = await writePdf({ meta: meta(), blocks: [paragraph(SAMPLES.arabic)] });
    const line = lineOf(await pdfWords(bytes), drawn(arabicWords[0]));
    // Left to right on the page is the reverse of the reading order.
    expect(line.map((word) => word.text)).toEqual([...arabicWords].reverse().map(drawn));
    expect(line[line.length - 1].xMax).toBeCloseTo(595.28 - 56, 0);
    expect(squash(await pdfText(bytes))).toContain(SAMPLES.arabic);
  });

  it('extracts words with lam-alef ligatures in the right letter order', async () => {
    const words = 'الاسم والأسطر لا الإدارة';
    expect(squash(await pdfText(await writePdf({ meta: meta(), blocks: [paragraph(words)] })))).toContain(words);
  });

  it('keeps numbers and Latin words left to right inside Hebrew text', async () => {
    const sentence = 'בשנת 2024 נאספו 1500 דגימות עם GPS Garmin לפי התוכנית';
    const bytes = await writePdf({ meta: meta(), blocks: [paragraph(sentence)] });
    const line = lineOf(await pdfWords(bytes), '2024').map((word) => word.text);
    expect(line).toEqual([
      drawn('התוכנית'),
      drawn('לפי'),
      'GPS',
      'Garmin',
      drawn('עם'),
      drawn('דגימות'),
      '1500',
      drawn('נאספו'),
      '2024',
      drawn('בשנת'),
    ]);
    expect(squash(await pdfText(bytes))).toContain('1500');
  });

  it('reverses an Arabic phrase inside an English sentence, and only the phrase', async () => {
    const bytes = await writePdf({ meta: meta(), blocks: [paragraph('The title is خطة إدارة البيانات in Arabic.')] });
    const line = lineOf(await pdfWords(bytes), 'title').map((word) => word.text);
    expect(line).toEqual(['The', 'title', 'is', drawn('البيانات'), drawn('إدارة'), drawn('خطة'), 'in', 'Arabic.']);
  });

  it('follows an explicit direction: an English paragraph marked rtl is right-aligned', async () => {
    const bytes = await writePdf({ meta: meta(), blocks: [paragraph('Left to right words', { dir: 'rtl' })] });
    const line = lineOf(await pdfWords(bytes), 'words');
    expect(line.map((word) => word.text)).toEqual(['Left', 'to', 'right', 'words']);
    expect(line[line.length - 1].xMax).toBeCloseTo(595.28 - 56, 0);
  });

  it('wraps a long Arabic paragraph: every line right-aligned, the text in reading order', async () => {
    const long = Array.from({ length: 12 }, () => SAMPLES.arabic).join(' ');
    const bytes = await writePdf({ meta: meta(), blocks: [paragraph(long)] });
    // The body only: below the running header, above the footer.
    const words = (await pdfWords(bytes)).filter((word) => word.yMin > 56 && word.yMax < 841.89 - 56);
    const lines = [...new Set(words.map((word) => Math.round(word.yMax)))];
    expect(lines.length).toBeGreaterThan(2);
    for (const baseline of lines) {
      const line = words.filter((word) => Math.round(word.yMax) === baseline);
      expect(Math.max(...line.map((word) => word.xMax))).toBeCloseTo(595.28 - 56, 0);
      expect(Math.min(...line.map((word) => word.xMin))).toBeGreaterThanOrEqual(56 - 0.5);
    }
    expect(squash(await pdfText(bytes))).toContain(long);
  });

  it('mirrors a right-to-left document: table columns and list markers', async () => {
    const bytes = await writePdf({
      meta: meta({ direction: 'rtl', language: 'ar', headerText: 'رأس الصفحة', footerText: 'صفحة {page} من {pages}' }),
      blocks: [
        {
          type: 'table',
          headerRows: 1,
          rows: [
            { cells: [{ blocks: [paragraph('عمود')] }, { blocks: [paragraph('صف')] }] },
            { cells: [{ blocks: [paragraph('واحد')] }, { blocks: [paragraph('اثنان')] }] },
          ],
        },
        { type: 'list', ordered: true, items: [[paragraph('بند')], [paragraph('بند آخر')]] },
      ],
    });
    const words = await pdfWords(bytes);
    const x = (text: string): number => words.find((word) => word.text === drawn(text))!.xMin;
    expect(x('عمود')).toBeGreaterThan(x('صف'));
    expect(x('واحد')).toBeGreaterThan(x('اثنان'));
    // The marker ".1" (the number 1 and its dot, right to left) sits right of the item.
    expect(words.find((word) => /^\.?1\.?$/.test(word.text))!.xMin).toBeGreaterThan(x('بند'));
    // poppler moves the spaces around numbers in right-to-left lines; the order is what counts.
    expect((await pdfText(bytes)).replace(/\s+/g, '')).toContain('صفحة1من1');
  });

  it('breaks right-to-left text to the width of a narrow table cell', async () => {
    const bytes = await writePdf({
      meta: meta(),
      blocks: [
        {
          type: 'table',
          headerRows: 0,
          rows: [
            {
              cells: [
                {
                  blocks: [
                    paragraph('A column with a long English text that takes most of the room in this table row'),
                  ],
                },
                { blocks: [paragraph(SAMPLES.arabic)] },
              ],
            },
          ],
        },
      ],
    });
    const words = await pdfWords(bytes);
    const arabic = words.filter((word) => arabicWords.includes(drawn(word.text)));
    const english = words.filter((word) => /^[A-Za-z]+$/.test(word.text));
    const cellStart = Math.max(...english.map((word) => word.xMax));
    expect(arabic).toHaveLength(arabicWords.length);
    expect(new Set(arabic.map((word) => Math.round(word.yMax))).size).toBeGreaterThan(1);
    for (const word of arabic) {
      expect(word.xMin).toBeGreaterThan(cellStart);
      expect(word.xMax).toBeLessThanOrEqual(595.28 - 56);
    }
  });
});
