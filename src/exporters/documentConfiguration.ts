/**
 * What DOCX and PDF declare: the template uploads and the export options. Kept apart from the
 * rendering code so the main thread can build `/formats` without loading any renderer.
 */
import { EXPORT_OPTION_FIELDS } from '../templates/options';
import type { ConfigurationFieldSpec, EntityType } from './types';

/** Our template field per entity, then the Java docx plugin's, so tenants can switch without re-uploading. */
export const TEMPLATE_FIELD_CODES: Record<EntityType, string[]> = {
  plan: ['plan-template', 'plan-docx-template-id'],
  description: ['description-template', 'description-docx-template-id'],
};

export const DOCUMENT_CONFIGURATION_FIELDS: ConfigurationFieldSpec[] = [
  {
    code: 'plan-template',
    type: 'file',
    label: 'Plan template: a Word shell (.docx with placeholders), or a layout template (.hbs or .zip bundle)',
    appliesTo: ['plan'],
  },
  {
    code: 'description-template',
    type: 'file',
    label: 'Description template: a Word shell (.docx with placeholders), or a layout template (.hbs or .zip bundle)',
    appliesTo: ['description'],
  },
  ...EXPORT_OPTION_FIELDS,
];
