/**
 * A body sent to the endpoint of the other entity: a DescriptionModel posted to /export/plan
 * would pass as a near-empty plan (a PlanModel needs only an `id`) and export three blank pages
 * without a word. Each model has keys the other never has; a body with the other model's keys
 * and none of its own is refused with the endpoint it belongs to, before any other check.
 */
import { badRequest, type ServiceError } from '../errors';

const ROUTES = '/api/file-transformer';

interface Model {
  name: string;
  /** Where it is sent. */
  route: string;
  /** Keys only this model has (of the pair it is confused with), strongest first. */
  keys: readonly string[];
}

const PLAN: Model = { name: 'PlanModel', route: 'export/plan', keys: ['planBlueprint', 'descriptions'] };
const DESCRIPTION: Model = {
  name: 'DescriptionModel',
  route: 'export/description',
  keys: ['descriptionTemplate', 'plan'],
};
const PLAN_IMPORT: Model = { name: 'PlanImportModel', route: 'import/plan', keys: ['blueprintModel'] };
const DESCRIPTION_IMPORT: Model = {
  name: 'DescriptionImportModel',
  route: 'import/description',
  keys: ['descriptionTemplate'],
};

/** Per request schema (validate.ts' names): the model it expects, and the one a body may be instead. */
const CONFUSABLE: Readonly<Record<string, { expected: Model; other: Model }>> = {
  'plan-model': { expected: PLAN, other: DESCRIPTION },
  'description-model': { expected: DESCRIPTION, other: PLAN },
  'plan-import-model': { expected: PLAN_IMPORT, other: DESCRIPTION_IMPORT },
  'description-import-model': { expected: DESCRIPTION_IMPORT, other: PLAN_IMPORT },
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key that holds something (an object or a list), not just a null some tool wrote. */
const holds = (body: Record<string, unknown>, key: string) =>
  Object.hasOwn(body, key) && typeof body[key] === 'object' && body[key] !== null;

/** The 400 for a body that is the other entity's model, or null. */
export function wrongModelError(schema: string, body: unknown): ServiceError | null {
  const pair = Object.hasOwn(CONFUSABLE, schema) ? CONFUSABLE[schema] : undefined;
  if (!pair || !isObject(body)) return null;
  const { expected, other } = pair;
  const marker = other.keys.find((key) => holds(body, key));
  if (marker === undefined || expected.keys.some((key) => holds(body, key))) return null;
  const where = `POST ${ROUTES}/${other.route}`;
  return badRequest(
    `The request body is an OpenCDMP ${other.name} (it has "${marker}"), not the ${expected.name} ${ROUTES}/${expected.route} takes: send it to ${where}.`,
    [{ path: `/${marker}`, message: `a ${other.name} has "${marker}": this body belongs to ${where}` }],
  );
}
