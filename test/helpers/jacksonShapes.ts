/**
 * The backend decodes our answers with FAIL_ON_UNKNOWN_PROPERTIES: these schemas reject any key
 * the 1.2.0 Java classes do not have (contract doc §2.0 rule 6, §2.1, §2.2).
 */
import Ajv2020 from 'ajv/dist/2020';

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });

const fileFormat = {
  type: 'object',
  additionalProperties: false,
  required: ['format', 'hasLogo', 'icon'],
  properties: {
    format: { type: 'string' },
    hasLogo: { type: 'boolean' },
    icon: { type: 'string', pattern: '^fa-[a-z0-9-]+$' },
  },
};
const configurationField = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'type', 'label', 'appliesTo', 'authInfo'],
  properties: {
    code: { type: 'string', minLength: 1 },
    type: { enum: [0, 1] },
    label: { type: 'string', minLength: 1 },
    appliesTo: { type: 'array', minItems: 1, items: { enum: [0, 1] } },
    authInfo: { type: 'boolean' },
  },
};

export const isFileTransformerConfiguration = ajv.compile({
  type: 'object',
  additionalProperties: false,
  required: [
    'fileTransformerId',
    'exportVariants',
    'exportEntityTypes',
    'importVariants',
    'importEntityTypes',
    'useSharedStorage',
    'configurationFields',
    'userConfigurationFields',
  ],
  properties: {
    fileTransformerId: { type: 'string', minLength: 1 },
    exportVariants: { type: 'array', items: fileFormat },
    exportEntityTypes: { type: 'array', items: { enum: [0, 1] } },
    importVariants: { type: ['array', 'null'], items: fileFormat },
    importEntityTypes: { type: ['array', 'null'], items: { enum: [0, 1] } },
    useSharedStorage: { type: 'boolean' },
    configurationFields: { type: 'array', items: configurationField },
    userConfigurationFields: { type: 'array', maxItems: 0 },
  },
});

export const isFileEnvelope = ajv.compile({
  type: 'object',
  additionalProperties: false,
  required: ['filename', 'fileRef', 'mimeType', 'file'],
  properties: {
    filename: { type: 'string', minLength: 1 },
    fileRef: { type: ['string', 'null'] },
    mimeType: { type: ['string', 'null'] },
    file: { type: ['string', 'null'] },
  },
});
