/**
 * A saved plan or description (the JSON body the planning service posts to /export/plan or
 * /export/description) -> the decoded model, with the service's own validation messages. Shared by
 * the designer CLI and the preview endpoint, so both read plan files exactly alike.
 */
import { decodeDescription, decodePlan } from './decode';
import type { DescriptionModel, PlanModel } from './model';
import { assertValidModel } from './validate';
import type { EntityType } from './formats';
import { badRequest } from '../errors';

export type ModelFile = { entity: 'plan'; model: PlanModel } | { entity: 'description'; model: DescriptionModel };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A description export carries its template at the top level; a plan never does. */
export function entityOf(raw: unknown): EntityType {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) && 'descriptionTemplate' in raw
    ? 'description'
    : 'plan';
}

/** Throws a 400 naming the file (not UTF-8, not JSON) or the JSON pointer (not a valid model). */
export function readModelFile(bytes: Uint8Array, name: string): ModelFile {
  let text: string;
  try {
    text = utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw badRequest(`The plan file ${name} is not UTF-8 text.`, [
      { path: name, message: 'the file is not UTF-8 text' },
    ]);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const reason = (error as Error).message;
    throw badRequest(`The plan file ${name} is not valid JSON: ${reason}.`, [{ path: name, message: reason }]);
  }
  const entity = entityOf(raw);
  assertValidModel(entity, raw);
  return entity === 'plan' ? { entity, model: decodePlan(raw) } : { entity, model: decodeDescription(raw) };
}
