/**
 * What every part of the plan-level mapping reads (people, projects, costs, ethics): the plan
 * view, its `rda.dmp.*` answers, the records of each repeated structure, the chosen output and
 * the export log. RdaMapper builds it once; each part is a function of it.
 */
import type { PlanView, ReferenceView } from '../../../plan/types';
import type { RdaGroup } from '../groups';
import { conformsTo } from '../schemas';
import type { RdaOutput } from '../version';
import { textOf, type SemanticRecord } from './answers';

export interface PlanContext {
  view: PlanView;
  output: RdaOutput;
  /** rda.dmp.* answers: the blueprint first, then each description in order. */
  dmp: SemanticRecord;
  /** Every record of a repeated structure: the plan's, then each description's, in order. */
  groupRecords(group: RdaGroup): SemanticRecord[];
  /** Adds a line to the export log (each line once, in the order raised). */
  warn(message: string): void;
}

/** Reference type codes the planning service uses for these catalogues. */
export const REFERENCE_CODE = {
  researchers: 'researchers',
  projects: 'projects',
  grants: 'grants',
  funders: 'funders',
  organisations: 'organisations',
};

/** The plan's own references from one catalogue. */
export const planReferences = (view: PlanView, code: string): ReferenceView[] =>
  view.references.filter((r) => r.typeCode === code);

export const isEmail = (value: string | null | undefined): value is string =>
  !!value && conformsTo('email', value.trim());

const referenceKey = (r: ReferenceView) => r.id ?? `${r.typeCode}|${r.reference ?? r.label}`;

/** References without repeats (the same reference answered in the blueprint and a description). */
export function uniqueReferences(references: ReferenceView[]): ReferenceView[] {
  const seen = new Set<string>();
  return references.filter((r) => !seen.has(referenceKey(r)) && seen.add(referenceKey(r)));
}

/** The text of a whole-object key (e.g. `rda.dmp.cost` on a text field); references do not count. */
export function textOnly(record: SemanticRecord, key: string): string | null {
  return record.first(key, (value) => (value.kind === 'references' ? null : textOf(value)))?.value ?? null;
}
