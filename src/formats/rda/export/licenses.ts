/**
 * Licences as people name them (SPDX ids, common names, misspellings) -> the URL `license_ref`
 * needs. The SPDX licence list (spdx-license-list) gives every id, name and URL; spdx-correct
 * applies SPDX's correction rules ("Apache 2" -> Apache-2.0, "CC BY 4.0" -> CC-BY-4.0).
 */
import spdxCorrect from 'spdx-correct';
import spdxLicenses from 'spdx-license-list';
import { LruCache } from '../../../lru';
import { isPortableUrl } from '../schemas';
import { lookupTable, ownValue } from '../../../lookup';

/** The licence's own landing page where the SPDX list gives a legal-code page or an old address. */
const PREFERRED_URLS: Readonly<Record<string, string>> = lookupTable({
  'ODbL-1.0': 'https://opendatacommons.org/licenses/odbl/1-0/',
  'ODC-By-1.0': 'https://opendatacommons.org/licenses/by/1-0/',
  'PDDL-1.0': 'https://opendatacommons.org/licenses/pddl/1-0/',
  MIT: 'https://opensource.org/licenses/MIT',
  'Apache-2.0': 'https://www.apache.org/licenses/LICENSE-2.0',
  'GPL-3.0-only': 'https://www.gnu.org/licenses/gpl-3.0.html',
  'GPL-3.0-or-later': 'https://www.gnu.org/licenses/gpl-3.0.html',
  'BSD-3-Clause': 'https://opensource.org/licenses/BSD-3-Clause',
  'EUPL-1.2': 'https://joinup.ec.europa.eu/collection/eupl/eupl-text-eupl-12',
});

/** Short names the correction rules do not know, and deprecated ids still in use. */
const ALIASES: Readonly<Record<string, string>> = lookupTable({
  odbl: 'ODbL-1.0',
  'odc-by': 'ODC-By-1.0',
  pddl: 'PDDL-1.0',
  'cc-by': 'CC-BY-4.0',
  'cc-by-sa': 'CC-BY-SA-4.0',
  'cc-by-nc': 'CC-BY-NC-4.0',
  'cc-by-nd': 'CC-BY-ND-4.0',
  'cc-by-nc-sa': 'CC-BY-NC-SA-4.0',
  'cc-by-nc-nd': 'CC-BY-NC-ND-4.0',
  'gpl-2.0': 'GPL-2.0-only',
  'gpl-3.0': 'GPL-3.0-only',
  'lgpl-2.1': 'LGPL-2.1-only',
  'lgpl-3.0': 'LGPL-3.0-only',
  'agpl-3.0': 'AGPL-3.0-only',
  'public domain': 'CC0-1.0',
  cc0: 'CC0-1.0',
});

const idsByLowerCase = new Map(Object.keys(spdxLicenses).map((id) => [id.toLowerCase(), id]));
const idsByName = new Map(
  Object.entries(spdxLicenses).flatMap(([id, { name }]) => {
    const lower = name.toLowerCase();
    return [
      [lower, id],
      [lower.replace(/ international$/, ''), id],
    ] as [string, string][];
  }),
);

/** The SPDX id a licence text names, or null. */
export function spdxIdOf(text: string): string | null {
  const value = text.trim();
  if (!value || value.length > 200) return null;
  const lower = value.toLowerCase().replace(/\s+/g, ' ');
  const direct =
    idsByLowerCase.get(lower) ?? ALIASES[lower] ?? ALIASES[lower.replace(/ /g, '-')] ?? idsByName.get(lower);
  if (direct) return direct;
  // spdx-correct parses dozens of candidate spellings per text; a plan repeats the same few
  // licence texts on every dataset (7 % of an RDA export's time before this memo).
  const known = corrected.get(value);
  if (known !== undefined) return known;
  let id: string | null;
  try {
    id = spdxCorrect(value);
  } catch {
    id = null;
  }
  corrected.set(value, id);
  return id;
}

const corrected = new LruCache<string | null>(1000);

/** Creative Commons legal-code pages -> the licence deed everyone links to. */
const withoutLegalCode = (url: string) =>
  url.replace(/^(https?:\/\/creativecommons\.org\/.*\/)legalcode(?:\.\w+)?$/, '$1');

/** A `license_ref` for a licence answer: a public URL as given, else the URL of the SPDX licence it names. */
export function licenseUrl(text: string): string | null {
  const value = text.trim();
  if (isPortableUrl(value)) return value;
  const id = spdxIdOf(value);
  if (!id) return null;
  const url =
    PREFERRED_URLS[id] ?? withoutLegalCode(ownValue(spdxLicenses as Record<string, { url: string }>, id)?.url ?? '');
  return url && isPortableUrl(url) ? url : null;
}
