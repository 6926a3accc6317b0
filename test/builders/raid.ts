/**
 * Test helpers for the RAiD format: the RAiD fixture plan in wire form (a fresh copy each time,
 * to change), the pipeline from wire JSON to a RAiD record, the errors it throws, and small
 * edits of the fixture's answers.
 */
import { decodeDescription, decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { ServiceError } from '../../src/errors';
import { exportDescriptionToRaid, exportPlanToRaid, type RaidRendering } from '../../src/formats/raid/export/export';
import type { RaidDocument } from '../../src/formats/raid/model';
import { buildRaidPlan, buildRaidRecord } from '../../fixtures/raid/build';
import { toJacksonJson } from '../../fixtures/lib/jackson';

type Wire = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const CONTEXT = { transformerId: 'dmp-file-transformer' };

/** The RAiD fixture plan as the backend sends it (JSON.parse of the Jackson text). */
export const raidPlanWire = (): Wire => JSON.parse(toJacksonJson(buildRaidPlan()));

export const raidRecord = (): Wire => JSON.parse(JSON.stringify(buildRaidRecord()));

export function exportRaid(raw: Wire, withhold?: string[]): RaidRendering {
  assertValidModel('plan', raw);
  return exportPlanToRaid(decodePlan(raw), { ...CONTEXT, ...(withhold && { withhold }) });
}

export function exportRaidDescription(raw: Wire): RaidRendering {
  assertValidModel('description', raw);
  return exportDescriptionToRaid(decodeDescription(raw), CONTEXT);
}

export const recordOf = (raw: Wire): RaidDocument => exportRaid(raw).document;

/** The ServiceError a call throws (fails the test when it throws none or something else). */
export function thrown(call: () => unknown): ServiceError {
  try {
    call();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}

/** A FileEnvelopeModel holding `content` (JSON unless a string), as the backend sends an upload. */
export function envelope(content: unknown, filename = 'raid.json'): Wire {
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  return { filename, fileRef: null, mimeType: 'application/json', file: Buffer.from(text).toString('base64') };
}

/** Sets a blueprint Extra field's value slot (`value`, `dateValue`, `numberValue`), or removes it with `undefined`. */
export function setBlueprintValue(
  raw: Wire,
  fieldId: string,
  slot?: 'value' | 'dateValue' | 'numberValue',
  value?: unknown,
): void {
  const values: Wire[] = raw.properties.planBlueprintValues;
  const index = values.findIndex((v) => v.fieldId === fieldId);
  if (index >= 0) values.splice(index, 1);
  if (slot === undefined) return;
  values.push({ fieldId, value: null, file: null, dateValue: null, numberValue: null, [slot]: value });
}

/** The answer of one field in one item of a description's question. */
export function answerOf(raw: Wire, descriptionIndex: number, fieldSetId: string, item: number, fieldId: string): Wire {
  return raw.descriptions[descriptionIndex].properties.fieldSets[fieldSetId].items[item].fields[fieldId];
}
