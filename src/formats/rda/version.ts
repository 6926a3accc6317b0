/** The `rda-version` configuration field: which RDA DMP Common Standard schema(s) an export promises. */
import { ServiceError } from '../../errors';
import type { ConfigurationValues } from '../../plan/types';
import type { ConfigurationFieldSpec } from '../../contract/formats';
import type { RdaSchemaVersion } from './schemas';

export const RDA_VERSION_FIELD: ConfigurationFieldSpec = {
  code: 'rda-version',
  type: 'string',
  label: 'RDA DMP Common Standard version of JSON exports: 1.1 or 1.2 (empty: valid against both)',
  appliesTo: ['plan', 'description'],
};

/**
 * `portable`: valid against 1.1 and 1.2 (the default, and what "1.1" gives);
 * `1.2`: adds the fields only 1.2 defines, valid against 1.2.
 */
export type RdaOutput = 'portable' | '1.2';

export interface RdaVersionChoice {
  output: RdaOutput;
  /** The schemas every export is validated against before it leaves. */
  promises: RdaSchemaVersion[];
}

/** Reads `rda-version` from the blueprint's (or template's) configuration; 400 when it is not 1.1 or 1.2. */
export function rdaVersionChoice(configuration: ConfigurationValues): RdaVersionChoice {
  const raw = configuration[RDA_VERSION_FIELD.code]?.text?.trim() ?? '';
  if (raw === '') return { output: 'portable', promises: ['1.1', '1.2'] };
  if (raw === '1.1') return { output: 'portable', promises: ['1.1', '1.2'] };
  if (raw === '1.2') return { output: '1.2', promises: ['1.2'] };
  throw new ServiceError(
    'bad-request',
    `The configuration field "${RDA_VERSION_FIELD.code}" must be 1.1 or 1.2, not "${raw}".`,
    [{ path: RDA_VERSION_FIELD.code, message: 'must be 1.1 or 1.2 (or empty for output valid against both)' }],
  );
}
