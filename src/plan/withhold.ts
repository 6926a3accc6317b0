/**
 * Withheld fields: answers an admin leaves out of every format (a budget before a deposit, a
 * sensitive question before publishing). A pure transform of the plan view, applied where the
 * view is built, so documents and the RDA mapper never see a withheld value: the value becomes
 * null and the field is marked `withheld` (documents print a note in its place; the RDA mapper
 * skips fields without a value, so its keys are simply absent).
 *
 * A rule names a field by an `rda.*` semantic (wildcards: `rda.dmp.cost*`), by its question's
 * title or its own label (case-insensitive), or by id. Rules come from the `WITHHOLD`
 * environment default and the `withhold` configuration field of the blueprint (whole plan) and
 * of each description template (its descriptions); they add up, so a configuration can never
 * un-withhold what the service withholds by default.
 */
import picomatch from 'picomatch';
import type { ConfigurationFieldSpec } from '../contract/formats';
import { withholdEntries } from '../config';
import type * as V from './types';

export const WITHHOLD_FIELD_CODE = 'withhold';

/** The `withhold` configuration field: every format that reads the plan view declares it. */
export const WITHHOLD_FIELD: ConfigurationFieldSpec = {
  code: WITHHOLD_FIELD_CODE,
  type: 'string',
  label:
    'Fields left out of every format: rda.* semantics (wildcards such as rda.dmp.cost*), question titles, field labels or ids, separated by commas',
  appliesTo: ['plan', 'description'],
};

export type WithholdRule = (candidates: (string | null)[]) => boolean;

function compile(entry: string): WithholdRule {
  const wanted = entry.toLowerCase();
  // Titles are free text: a glob that does not compile still matches the text itself.
  let glob: ((text: string) => boolean) | null = null;
  if (/[*?[{]/.test(entry)) {
    try {
      glob = picomatch(entry, { nocase: true, dot: true });
    } catch {
      glob = null;
    }
  }
  return (candidates) =>
    candidates.some((candidate) => {
      if (!candidate) return false;
      const text = candidate.trim();
      return text.toLowerCase() === wanted || (glob !== null && glob(text));
    });
}

export class Withholding {
  private readonly rules: WithholdRule[];

  constructor(readonly entries: readonly string[]) {
    this.rules = [...new Set(entries)].map(compile);
  }

  get empty(): boolean {
    return this.rules.length === 0;
  }

  /** The rules of this one plus those in a configuration's `withhold` field. */
  with(configuration: V.ConfigurationValues): Withholding {
    const more = withholdEntries(configuration[WITHHOLD_FIELD_CODE]?.text);
    return more.length === 0 ? this : new Withholding([...this.entries, ...more]);
  }

  matches(candidates: (string | null)[]): boolean {
    return this.rules.some((rule) => rule(candidates));
  }
}

/** The plan with withheld blueprint fields and description answers emptied and marked. */
export function withholdPlan(view: V.PlanView, defaults: readonly string[]): V.PlanView {
  const rules = new Withholding(defaults).with(view.configuration);
  // Description templates may still withhold their own fields.
  if (rules.empty && view.sections.every((s) => s.descriptions.every((d) => rules.with(d.configuration).empty)))
    return view;
  let descriptionHtml = view.descriptionHtml;
  const sections = view.sections.map((section) => ({
    ...section,
    fields: section.fields.map((field) => {
      if (!field.answered || !rules.matches([field.id, field.label, ...field.semantics])) return field;
      // The plan's description is also printed from the head (the cover's summary).
      if (field.systemFieldType === 'description') descriptionHtml = null;
      return { ...field, value: null, withheld: true };
    }),
    descriptions: section.descriptions.map((description) => withholdDescription(description, rules)),
  }));
  return { ...view, descriptionHtml, sections };
}

/** A description with its withheld answers emptied and marked: the plan's rules plus its template's own. */
export function withholdDescription(view: V.DescriptionView, planRules: Withholding): V.DescriptionView {
  const rules = planRules.with(view.configuration);
  if (rules.empty) return view;
  const section = (s: V.SectionView): V.SectionView => ({
    ...s,
    sections: s.sections.map(section),
    fieldSets: s.fieldSets.map((fieldSet) => {
      const whole = rules.matches([fieldSet.id, fieldSet.title]);
      return {
        ...fieldSet,
        items: fieldSet.items.map((item) => ({
          ...item,
          fields: item.fields.map((field) =>
            field.answered && (whole || rules.matches([field.id, field.label, ...field.semantics]))
              ? { ...field, value: null, withheld: true }
              : field,
          ),
        })),
      };
    }),
  });
  return { ...view, pages: view.pages.map((page) => ({ ...page, sections: page.sections.map(section) })) };
}
