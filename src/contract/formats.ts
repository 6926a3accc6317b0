/**
 * `GET /formats` answers `FileTransformerConfiguration` (file-transformer-base 1.2.0): exactly these
 * 8 keys, numeric enums, arrays never null where the frontend iterates them. The backend decodes
 * it with FAIL_ON_UNKNOWN_PROPERTIES, so an extra key anywhere makes the plugin vanish silently.
 */

export type EntityType = 'plan' | 'description';

/** A plugin configuration field, as `/formats` declares it (`type`: String or File). */
export interface ConfigurationFieldSpec {
  code: string;
  type: 'string' | 'file';
  label: string;
  appliesTo: EntityType[];
  /** Marks secret values (the planning service hides them). */
  authInfo?: boolean;
}

/** What `/formats` lists: the enabled export and import variants and their configuration fields (the registry). */
export interface FormatsSource {
  readonly exporters: readonly { format: string; icon: string; entityTypes: readonly EntityType[] }[];
  readonly importers: readonly { format: string; icon: string; hasLogo: boolean; entityTypes: readonly EntityType[] }[];
  configurationFields(): ConfigurationFieldSpec[];
}

const ENTITY_TYPE: Record<EntityType, number> = { plan: 0, description: 1 };
const DATA_TYPE = { string: 0, file: 1 } as const;

export interface FileFormat {
  format: string;
  hasLogo: boolean;
  icon: string;
}

export interface FileTransformerConfiguration {
  fileTransformerId: string;
  exportVariants: FileFormat[];
  exportEntityTypes: number[];
  importVariants: FileFormat[] | null;
  importEntityTypes: number[] | null;
  useSharedStorage: boolean;
  configurationFields: { code: string; type: number; label: string; appliesTo: number[]; authInfo: boolean }[];
  userConfigurationFields: [];
}

const entityTypes = (types: Iterable<EntityType>) => [...new Set(types)].map((t) => ENTITY_TYPE[t]).sort();

export function buildFormats(
  registry: FormatsSource,
  transformerId: string,
  useSharedStorage: boolean,
): FileTransformerConfiguration {
  const importers = registry.importers;
  return {
    fileTransformerId: transformerId,
    exportVariants: registry.exporters.map((e) => ({ format: e.format, hasLogo: true, icon: e.icon })),
    exportEntityTypes: entityTypes(registry.exporters.flatMap((e) => e.entityTypes)),
    importVariants:
      importers.length > 0 ? importers.map((i) => ({ format: i.format, hasLogo: i.hasLogo, icon: i.icon })) : null,
    importEntityTypes: importers.length > 0 ? entityTypes(importers.flatMap((i) => i.entityTypes)) : null,
    useSharedStorage,
    configurationFields: registry.configurationFields().map((f) => ({
      code: f.code,
      type: DATA_TYPE[f.type],
      label: f.label,
      appliesTo: entityTypes(f.appliesTo),
      authInfo: f.authInfo ?? false,
    })),
    userConfigurationFields: [],
  };
}
