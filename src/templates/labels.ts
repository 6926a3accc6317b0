/**
 * The words a layout prints around the plan's own content ("Version", "Not answered", "Yes"),
 * per language, through i18next: the eleven languages of OpenCDMP's user interface (Basque,
 * German, English, Spanish, Greek, Croatian, Polish, Portuguese, Slovak, Serbian, Turkish) and
 * French. English (locales/en.ts) is complete; a key another table lacks falls back to English.
 * Templates read them as `labels.<key>` or `{{label "key"}}`; a layout's manifest may override any.
 */
import i18next from 'i18next';
import type { PlanUserRole } from '../contract/model';
import { de } from './locales/de';
import { el } from './locales/el';
import { en } from './locales/en';
import { es } from './locales/es';
import { eu } from './locales/eu';
import { fr } from './locales/fr';
import { hr } from './locales/hr';
import { pl } from './locales/pl';
import { pt } from './locales/pt';
import { sk } from './locales/sk';
import { sr } from './locales/sr';
import { tr } from './locales/tr';
import type { LabelKey, Translation } from './locales/types';
import { lookupTable } from '../lookup';

export type { LabelKey } from './locales/types';
export type Labels = Record<LabelKey, string>;

const TRANSLATIONS: Record<string, Translation> = { en, eu, de, es, el, hr, pl, pt, sk, sr, tr, fr };

/** Languages with their own labels (ISO 639-1). */
export const LABEL_LANGUAGES = Object.keys(TRANSLATIONS);

/** Every label key (`{{label "notAnswered"}}`, a manifest's `labels`). */
export const LABEL_KEYS = Object.keys(en) as LabelKey[];

/** OpenCDMP names some UI languages by other codes: "gr" is Greek, "baq" Basque. */
const LANGUAGE_ALIASES: Record<string, string> = lookupTable({ gr: 'el', baq: 'eu', eus: 'eu', gre: 'el', ell: 'el' });

/** The ISO 639-1 code for one of OpenCDMP's language codes ("gr" -> "el"); other codes unchanged. */
export function labelLanguageCode(language: string): string {
  const [primary, ...rest] = language.split('-');
  const alias = LANGUAGE_ALIASES[primary.toLowerCase()];
  return alias ? [alias, ...rest].join('-') : language;
}

const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(Object.entries(TRANSLATIONS).map(([code, translation]) => [code, { translation }])),
  supportedLngs: LABEL_LANGUAGES,
  nonExplicitSupportedLngs: true,
  fallbackLng: 'en',
  initAsync: false,
  // Labels are plain text with our own {page} / {pages} placeholders, which i18next's {{…}} never touches.
  interpolation: { escapeValue: false },
});

export const isLabelKey = (key: string): key is LabelKey => Object.hasOwn(en, key);

const ROLE_LABEL_KEYS: Record<PlanUserRole, LabelKey> = {
  owner: 'roleOwner',
  viewer: 'roleViewer',
  descriptionContributor: 'roleDescriptionContributor',
  reviewer: 'roleReviewer',
  dataSteward: 'roleDataSteward',
  dataPrivacyOfficer: 'roleDataPrivacyOfficer',
  ethicsReviewer: 'roleEthicsReviewer',
};

/** A plan user's role in words ("Data steward"), never the enum name. */
export const roleLabel = (labels: Labels, role: PlanUserRole): string => labels[ROLE_LABEL_KEYS[role]];

const cache = new Map<string, Labels>();

/**
 * The label table for a language ("el", "pt-BR", OpenCDMP's "gr"); i18next resolves "pt-BR" to
 * "pt", and keys a table lacks (and unknown languages) to English.
 */
export function labelsFor(language: string): Labels {
  const resolved = i18n.services.languageUtils.getBestMatchFromCodes([labelLanguageCode(language)]) ?? 'en';
  // Keyed by the translation used, so the cache holds one table per translation, whatever languages come in.
  let labels = cache.get(resolved);
  if (!labels) {
    const t = i18n.getFixedT(resolved);
    labels = Object.freeze(Object.fromEntries(LABEL_KEYS.map((key) => [key, t(key)])) as Labels);
    cache.set(resolved, labels);
  }
  return labels;
}

/** The direction the language is written in: the one list the writers use too (document/languages.ts). */
export { languageDirection as directionOf } from '../document/languages';
