/**
 * The RDA structures that repeat (a dataset's distributions, the plan's contributors, costs,
 * projects…): semantic keys under one of them describe one object of a list. The exporter groups
 * planning-service answers by them; the importer groups a file's values the same way, so each
 * object of the file fills one item of a repeating question.
 */

/** A semantic key belongs to the longest group it starts with. */
export const RDA_GROUPS = [
  'rda.dataset.distribution',
  'rda.dataset.metadata',
  'rda.dataset.security_and_privacy',
  'rda.dataset.technical_resource',
  'rda.dmp.contributor',
  'rda.dmp.cost',
  'rda.dmp.project',
] as const;
export type RdaGroup = (typeof RDA_GROUPS)[number];

export function groupOf(key: string): RdaGroup | null {
  return RDA_GROUPS.find((group) => key === group || key.startsWith(`${group}.`)) ?? null;
}
