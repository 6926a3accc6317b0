/** Dates typed by people (export) and written by tools (import), read with explicit formats. */
import { calendarDateOfText, dayOfText, instantOfText } from '../../../src/formats/rda/dates';

describe('calendarDateOfText', () => {
  it.each([
    ['2024-02-29', 'en', '2024-02-29'],
    ['2023-02-29', 'en', null],
    ['29.02.2024', 'de', '2024-02-29'],
    ['5-6-2024', 'en', '2024-06-05'],
    ['2024/6/5', 'en', '2024-06-05'],
    ['13/01/2025', 'en', '2025-01-13'],
    ['12/01/2025', 'en', null],
    ['1 février 2025', 'fr', '2025-02-01'],
    ['Wednesday, 24 September 2025', 'en', '2025-09-24'],
    ['2020', 'en', null],
    ['Q3 2025', 'en', null],
    ['', 'en', null],
  ])('%s (%s) -> %s', (text, language, expected) => {
    expect(calendarDateOfText(text, language)).toBe(expected);
  });
});

describe('instantOfText', () => {
  it.each([
    ['2019-03-13T13:13:00.6', '2019-03-13T13:13:00.600Z'],
    ['2019-03-13 13:13:00.0', '2019-03-13T13:13:00.000Z'],
    ['2025-02-01T12:30:00+01:00', '2025-02-01T11:30:00.000Z'],
    ['2020-08-27T16:01:58:00Z', '2020-08-27T16:01:58.000Z'],
    ['Fri Nov 17 11:12:03 UTC 2023', '2023-11-17T11:12:03.000Z'],
    ['Fri Nov 17 11:12:03 GMT+02:00 2023', '2023-11-17T09:12:03.000Z'],
    ['Fri Nov 17 11:12:03 EEST 2023', '2023-11-17T08:12:03.000Z'],
    ['1702466520326', '2023-12-13T11:22:00.326Z'],
  ])('%s -> %s', (text, iso) => {
    expect(instantOfText(text)?.toISOString()).toBe(iso);
  });

  it('reads epoch numbers and refuses what names no instant', () => {
    expect(instantOfText(1702466520326)?.toISOString()).toBe('2023-12-13T11:22:00.326Z');
    expect(instantOfText('Fri Nov 17 11:12:03 XYZT 2023')).toBeNull();
    expect(instantOfText('yesterday')).toBeNull();
    expect(instantOfText('99999-01-01')).toBeNull();
  });
});

describe('dayOfText', () => {
  it('is the day a date field writes, whatever its zone; the UTC day of an epoch number', () => {
    expect(dayOfText('2025-06-30T00:00:00+02:00')).toBe('2025-06-30');
    expect(dayOfText('Mon Jun 30 00:00:00 CEST 2025')).toBe('2025-06-30');
    expect(dayOfText('2025-06-31')).toBeNull();
    expect(dayOfText(1751234400000)).toBe('2025-06-29');
    expect(dayOfText('2020-08-27T16:01:58:00Z')).toBe('2020-08-27');
  });
});
