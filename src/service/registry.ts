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
  /** Importers whose format is enabled, in EXPORT_FORMATS order. */
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
    this.importers = enabledFormats.flatMap((f) => importers.filter((i) => i.format === f));
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

  /**
   * The importers an upload for `entity` may go to: the one `format` names (a 400 listing the
   * others when it names none), else every enabled one, in EXPORT_FORMATS order; the worker
   * picks among them by content (`pickImporter`). The planning service sends no format with an
   * import (file-transformer-base has none on /preprocessing or /import), other callers may.
   */
  importersFor(format: unknown, entity: EntityType): Importer[] {
    const enabled = this.importers.filter((i) => i.entityTypes.includes(entity));
    const name = typeof format === 'string' ? format.trim().toLowerCase() : '';
    if (!name) return enabled;
    const named = enabled.filter((i) => i.format === name);
    if (named.length === 0) {
      const supported = enabled.map((i) => i.format);
      throw badRequest(
        `Format "${format}" is not available for ${entity} imports; supported: ${supported.join(', ') || 'none'}.`,
        [
          {
            path: 'format',
            message:
              supported.length > 0 ? `must be one of ${supported.join(', ')}` : 'no format imports ' + entity + 's',
          },
        ],
      );
    }
    return named;
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

/**
 * The importer for an uploaded file among `candidates` (in EXPORT_FORMATS order): the only one,
 * else the first that recognises the file, else the first that recognises nothing in particular
 * (RDA, which also answers what no format recognises with its own errors), else the first.
 */
export function pickImporter(candidates: readonly Importer[], fileEnvelope: unknown): Importer | undefined {
  if (candidates.length <= 1) return candidates[0];
  return (
    candidates.find((i) => i.recognises?.(fileEnvelope) === true) ??
    candidates.find((i) => !i.recognises) ??
    candidates[0]
  );
}
