/**
 * Which option of a select or radio field an imported word stands for. Files say `CSV`, `image`
 * or `Source code` where a template offers "CSV table" / `text/csv`, `image/tiff` or "Software":
 * options are matched by value and label (case and punctuation aside), by media type (mime-types
 * knows `csv` is `text/csv`), by the label's words, and by a few common synonyms.
 */
import mime from 'mime-types';
import type * as M from '../../../contract/model';
import { toDataAccess, toYesNoUnknown, type YesNoUnknown } from '../vocabulary';

/** Lower case, punctuation and repeated spaces gone: `Source-Code ` -> `source code`. */
const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}/+.]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Research-output words that name the same thing (DataCite resourceTypeGeneral and everyday words). */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['software', 'source code', 'code', 'scripts', 'program'],
  ['dataset', 'data', 'data set'],
  ['image', 'images', 'picture', 'photo', 'photograph'],
  ['audiovisual', 'video', 'film'],
  ['sound', 'audio'],
  ['text', 'document', 'documents'],
  ['model', 'models', 'simulation'],
  ['physicalobject', 'physical object', 'sample', 'samples', 'specimen'],
  ['interactiveresource', 'interactive resource', 'website'],
];
const synonymsOf = new Map(SYNONYM_GROUPS.flatMap((group) => group.map((word) => [word, group] as const)));

/** The media type a word names: itself when it is one, else the type of a file extension (`csv`). */
function mediaType(word: string): string | null {
  if (/^[a-z]+\/[a-z0-9.+-]+$/.test(word)) return word;
  if (!/^\.?[a-z0-9]{1,8}$/.test(word)) return null;
  return mime.lookup(word) || null;
}

const optionWords = (o: M.TemplateFieldOption) => [o.value ?? '', o.label ?? ''].map(words).filter(Boolean);

/**
 * The option `candidates` (spellings of one imported value) stand for, or null. `flag` is the
 * value's yes/no/unknown meaning when it has one.
 */
export function matchOption(
  options: M.TemplateFieldOption[],
  candidates: string[],
  flag?: YesNoUnknown,
): M.TemplateFieldOption | null {
  const wanted = candidates.map(words).filter(Boolean);
  const tests: ((option: string, candidate: string) => boolean)[] = [
    (option, candidate) => option === candidate,
    (option, candidate) => {
      const type = mediaType(candidate);
      return type !== null && (mediaType(option) === type || option.split(' ').some((w) => mediaType(w) === type));
    },
    // `image` for `image/tiff`: the value names the option's media type family.
    (option, candidate) => /^[a-z]+\/\S+$/.test(option) && option.split('/')[0] === candidate,
    (option, candidate) => (synonymsOf.get(candidate) ?? []).includes(option),
    // `CSV` for "CSV table": every word of the value is a word of the option.
    (option, candidate) => candidate.split(' ').every((w) => option.split(' ').includes(w)),
  ];
  for (const test of tests) {
    const found = options.find((o) =>
      optionWords(o).some((option) => wanted.some((candidate) => test(option, candidate))),
    );
    if (found) return found;
  }
  const meaning = flag ?? toYesNoUnknown(candidates);
  if (meaning) {
    const byFlag = options.find((o) => toYesNoUnknown([o.value ?? '', o.label ?? '']) === meaning);
    if (byFlag) return byFlag;
  }
  const access = toDataAccess(candidates);
  return access ? (options.find((o) => toDataAccess([o.value ?? '', o.label ?? '']) === access) ?? null) : null;
}
