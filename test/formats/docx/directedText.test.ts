/**
 * Which runs Word gets marked right to left (`w:rtl`): only text of a right-to-left script, so
 * English words keep their own font and direction in an Arabic paragraph and the other way round.
 */
import { directedText } from '../../../src/formats/docx/text';

describe('directedText', () => {
  it('leaves text without right-to-left letters whole and unmarked', () => {
    expect(directedText('Visible-light images.', 'rtl')).toEqual([
      { text: 'Visible-light images.', rightToLeft: false },
    ]);
    expect(directedText('Data', 'ltr')).toEqual([{ text: 'Data', rightToLeft: false }]);
  });

  it('marks neutral text (digits, punctuation) in the paragraph direction', () => {
    expect(directedText('12', 'rtl')).toEqual([{ text: '12', rightToLeft: true }]);
    expect(directedText('12', 'ltr')).toEqual([{ text: '12', rightToLeft: false }]);
  });

  it('marks Arabic text right to left, whole', () => {
    expect(directedText('صور خام.', 'rtl')).toEqual([{ text: 'صور خام.', rightToLeft: true }]);
  });

  it('cuts an English sentence around its Arabic phrase; the spaces between go with the paragraph', () => {
    expect(directedText('The archive is called أرشيف الساحل in Arabic.', 'ltr')).toEqual([
      { text: 'The archive is called ', rightToLeft: false },
      { text: 'أرشيف الساحل', rightToLeft: true },
      { text: ' in Arabic.', rightToLeft: false },
    ]);
  });

  it('cuts an Arabic sentence around its English words; a final period goes with the paragraph', () => {
    expect(directedText('يستخدم برنامج QGIS لمعالجة الصور على Zenodo.', 'rtl')).toEqual([
      { text: 'يستخدم برنامج ', rightToLeft: true },
      { text: 'QGIS', rightToLeft: false },
      { text: ' لمعالجة الصور على ', rightToLeft: true },
      { text: 'Zenodo', rightToLeft: false },
      { text: '.', rightToLeft: true },
    ]);
  });

  it('gives back every character, in order', () => {
    const text = '(1) Data — البيانات, 2024; «نص» end';
    for (const direction of ['ltr', 'rtl'] as const) {
      expect(
        directedText(text, direction)
          .map((piece) => piece.text)
          .join(''),
      ).toBe(text);
    }
  });
});
