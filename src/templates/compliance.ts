/**
 * Funder rules a layout template declares in its manifest (`compliance`), resolved against the
 * built-in presets. The presets are examples of how a funder's rules read as settings, not a
 * statement of any funder's current requirements: check the funder's own guide.
 */
import type { ComplianceRules } from '../document/types';
import type { TemplateManifest } from './manifest';

type Declared = NonNullable<TemplateManifest['compliance']>;

export const COMPLIANCE_PRESETS: Record<NonNullable<Declared['preset']>, Omit<ComplianceRules, 'source'>> = {
  // NSF's PAPPG asks for a data management plan of at most two pages, 10 pt or larger, one-inch margins, US Letter.
  nsf: { maxPages: 2, minFontPt: 10, minMarginMm: 25.4, pageSize: 'Letter' },
  // NIH's data management and sharing plan: two pages recommended.
  nih: { maxPages: 2 },
};

/** The preset's rules with the manifest's own settings on top. */
export function complianceRules(declared: Declared, source: string): ComplianceRules {
  const { preset, ...own } = declared;
  return { source, ...(preset && { preset, ...COMPLIANCE_PRESETS[preset] }), ...own };
}
