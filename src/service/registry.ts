/**
 * The one place formats are declared. `/formats`, routing, the worker pool and the CLI all
 * derive from a registry built here; adding a format = one module + one line in formats.ts.
 */
import { badRequest } from '../errors';
import type { Exporter, Importer } from '../formats/types';
import type { ConfigurationFieldSpec, EntityType } from '../contract/formats';

export class ExporterRegistry {
  /** Enabled exporters, in EXPORT_FORMATS order. */
  readonly exporters: readonly Exporter[];
  /** Importers whose format is enabled. */
  readonly importers: readonly Importer[];

  constructor(available: readonly Exporter[], importers: readonly Importer[], enabledFormats: readonly string[]) {
    const known = new Map(available.map((e) => [e.format, e]));
    const unknown = enabledFormats.filter((f) => !known.has(f));
    if (unknown.length > 0) {
      throw new Error(
        `EXPORT_FORMATS names unknown format(s) ${unknown.join(', ')}; known: ${[...known.keys()].join(', ')}`,
      );
    }
    this.exporters = enabledFormats.map((f) => known.get(f)!);
    this.importers = importers.filter((i) => enabledFormats.includes(i.format));
  }

  /** The exporter for `format` and `entity`, or a 400 listing what is supported. */
  exporterFor(format: unknown, entity: EntityType): Exporter {
    const supported = this.exporters.filter((e) => e.entityTypes.includes(entity)).map((e) => e.format);
    const name = typeof format === 'string' ? format.trim().toLowerCase() : '';
    const exporter = this.exporters.find((e) => e.format === name);
    if (!exporter || !exporter.entityTypes.includes(entity)) {
      const problem = name
        ? `Format "${format}" is not available for ${entity} exports`
        : 'The query parameter "format" is missing';
      throw badRequest(`${problem}; supported: ${supported.join(', ')}.`, [
        { path: 'format', message: `must be one of ${supported.join(', ')}` },
      ]);
    }
    return exporter;
  }

  importerFor(entity: EntityType): Importer | undefined {
    return this.importers.find((i) => i.entityTypes.includes(entity));
  }

  /** Every configuration field of the enabled formats, once per code (first declaration wins). */
  configurationFields(): ConfigurationFieldSpec[] {
    const byCode = new Map<string, ConfigurationFieldSpec>();
    for (const exporter of this.exporters) {
      for (const field of exporter.configurationFields) {
        const existing = byCode.get(field.code);
        if (!existing) byCode.set(field.code, { ...field, appliesTo: [...field.appliesTo] });
        else
          for (const entity of field.appliesTo)
            if (!existing.appliesTo.includes(entity)) existing.appliesTo.push(entity);
      }
    }
    return [...byCode.values()];
  }
}
