/**
 * A dataset's `distribution[]`: one per item of a repeating distribution question (answers asked
 * once apply to every item), each with its access, links, size, formats, host and licences.
 */
import type { ReferenceView } from '../../../plan/types';
import { asUrl, parseIdentifier } from '../identifiers';
import { optional, optionalList, type Distribution, type Host, type Identifier, type License } from '../madmp';
import { isPortableUrl } from '../schemas';
import { dateOfText, parseByteSize } from '../text';
import { toCertification, toCountry, toDataAccess, toPidSystems } from '../vocabulary';
import {
  candidatesOf,
  dateAnswer,
  identifierAnswer,
  SemanticRecord,
  textOf,
  yesNoOf,
  type ScopeAnswers,
} from './answers';
import { licenseUrl } from './licenses';

export interface DistributionMapperOptions {
  warn: (message: string) => void;
}

const DISTRIBUTION = 'rda.dataset.distribution';

export class DistributionMapper {
  constructor(private readonly options: DistributionMapperOptions) {}

  /**
   * One distribution per item of a repeating distribution question. Answers of non-repeating
   * questions (a licence asked once next to a list of repositories) apply to every item that does
   * not answer them itself; they form a distribution of their own only when they name its title
   * or there are no items.
   */
  private distributionRecords(answers: ScopeAnswers): SemanticRecord[] {
    const records = answers.groups.get(DISTRIBUTION) ?? [];
    const shared = answers.shared.get(DISTRIBUTION);
    if (!shared || records.length === 1) return records;
    return records.flatMap((record) => {
      if (record === shared) return shared.has(`${DISTRIBUTION}.title`) ? [shared] : [];
      return [withSharedAnswers(record, shared)];
    });
  }

  /**
   * A dataset's distributions. `licenseStartFallback`: the start date of a licence answered
   * without one; `datasetTitle`: the title of a distribution that names neither itself nor a host.
   */
  map(answers: ScopeAnswers, licenseStartFallback: string, datasetTitle: string): Distribution[] {
    return this.distributionRecords(answers).flatMap((record) => {
      if (record.first(`${DISTRIBUTION}.exists`, yesNoOf)?.value === 'no') return [];
      const host = this.host(record);
      const title = record.text(`${DISTRIBUTION}.title`) ?? host?.title ?? datasetTitle;
      const licenses = this.licenses(record, licenseStartFallback);
      const accessUrl = this.link(record, `${DISTRIBUTION}.access_url`, false);
      const downloadUrl = this.link(record, `${DISTRIBUTION}.download_url`, true);
      const access =
        toDataAccess(record.candidates(`${DISTRIBUTION}.data_access`)) ??
        this.derivedAccess(record, title, { host, licenses, accessUrl, downloadUrl });
      if (!access) return [];
      const distribution: Distribution = {
        title,
        data_access: access,
        ...optional('description', record.text(`${DISTRIBUTION}.description`)),
        ...optional('access_url', accessUrl),
        ...optional('download_url', downloadUrl),
        ...optional('byte_size', this.byteSize(record)),
        ...optionalList('format', record.items(`${DISTRIBUTION}.format`, 'values')),
        ...optional('available_until', dateAnswer(record, `${DISTRIBUTION}.available_until`, this.options.warn)),
        ...optional('host', host),
        ...optionalList('license', licenses),
        // 1.2 only; 1.1 allows extra keys below the top, so every output writes it.
        ...optional('issued', dateAnswer(record, `${DISTRIBUTION}.issued`, this.options.warn)),
      };
      return [distribution];
    });
  }

  /**
   * `data_access` for a distribution whose answers give none (RDA requires it): `closed`, the
   * value that promises nothing, when anything says the distribution exists (its own title, a
   * host, a licence, a link); the export log says so. A licence says nothing about access: data
   * under CC-BY may still sit behind a login. Null (left out, logged) when nothing names it.
   */
  private derivedAccess(
    record: SemanticRecord,
    title: string,
    where: { host: Host | null; licenses: License[]; accessUrl: string | null; downloadUrl: string | null },
  ): Distribution['data_access'] | null {
    const given = record.text(`${DISTRIBUTION}.data_access`);
    const source = given ? record.sourceOf(`${DISTRIBUTION}.data_access`) : record.sourceOf(record.keys()[0]);
    const problem = given
      ? `"${given}" is not open, shared or closed`
      : 'no data access answer (open, shared or closed)';
    const titled = record.text(`${DISTRIBUTION}.title`) !== null;
    if (!titled && !where.host && where.licenses.length === 0 && !where.accessUrl && !where.downloadUrl) {
      this.options.warn(
        `Distribution '${title}' (${source}) has ${problem} and names no title, host, licence or link; it is left out.`,
      );
      return null;
    }
    this.options.warn(
      `Distribution '${title}' (${source}) has ${problem}; it is given as "closed" until one is answered.`,
    );
    return 'closed';
  }

  /** A link answer: a reference's URL or the text. `strict`: must be a URL both schema versions accept. */
  private link(record: SemanticRecord, key: string, strict: boolean): string | null {
    const answer = record.first(key, (value) =>
      value.kind === 'references' ? (value.references[0]?.url ?? null) : textOf(value),
    );
    if (!answer) return null;
    if (!strict || isPortableUrl(answer.value)) return answer.value;
    this.options.warn(
      `${answer.source}: "${answer.value}" is not a public http(s) URL; ${key.split('.').pop()} is left out.`,
    );
    return null;
  }

  private byteSize(record: SemanticRecord): number | null {
    const answer = record.first(`${DISTRIBUTION}.byte_size`, (value) =>
      value.kind === 'number' ? Math.round(value.value) : parseByteSize(textOf(value) ?? ''),
    );
    if (answer) return answer.value;
    const given = record.text(`${DISTRIBUTION}.byte_size`);
    if (given)
      this.options.warn(
        `${record.sourceOf(`${DISTRIBUTION}.byte_size`)}: "${given}" is not a size (e.g. 52428800 or 5 GB); byte_size is left out.`,
      );
    return null;
  }

  /** The host, when it has a URL both versions accept (1.2 wants a public http(s) URL). */
  private host(record: SemanticRecord): Host | null {
    const key = `${DISTRIBUTION}.host`;
    const hostReference: ReferenceView | undefined = [
      ...record.references(`${key}.title`),
      ...record.references(`${key}.url`),
    ][0];
    const title = record.text(`${key}.title`) ?? hostReference?.label ?? null;
    const given =
      record.first(`${key}.url`, (value) =>
        value.kind === 'references' ? (value.references[0]?.url ?? null) : textOf(value),
      )?.value ??
      hostReference?.url ??
      null;
    // A bare DOI or domain (`zenodo.org`) is the https URL it names.
    const url = given ? asUrl(given) : null;
    if (!url) {
      if (title)
        this.options.warn(
          `${record.sourceOf(`${key}.title`)}: host '${title}' has no URL, which RDA requires; the host is left out.`,
        );
      return null;
    }
    if (!isPortableUrl(url)) {
      this.options.warn(
        `${record.sourceOf(`${key}.url`)}: "${url}" is not a public http(s) URL; the host is left out.`,
      );
      return null;
    }
    const versioning =
      record.first(`${key}.support_versioning`, yesNoOf) ?? record.first(`${key}.supports_versioning`, yesNoOf);
    return {
      title: title ?? hostnameOf(url),
      url,
      ...optional('description', record.text(`${key}.description`)),
      ...optional('geo_location', toCountry(record.text(`${key}.geo_location`))),
      ...optional('certified_with', toCertification(record.candidates(`${key}.certified_with`))),
      ...optionalList(
        'pid_system',
        toPidSystems(
          record.answers(`${key}.pid_system`).flatMap((a) => candidatesOf(a.value).flatMap((c) => c.split(/[,;\s]+/))),
        ),
      ),
      ...optional('support_versioning', versioning?.value),
      ...optional('backup_type', record.text(`${key}.backup_type`)),
      ...optional('backup_frequency', record.text(`${key}.backup_frequency`)),
      ...optional('availability', record.text(`${key}.availability`)),
      ...optional('storage_type', record.text(`${key}.storage_type`)),
      // 1.2 only; 1.1 allows extra keys below the top, so every output writes it.
      ...optionalList('host_id', hostIds(record)),
    };
  }

  /**
   * Licences from licence references or URL / SPDX answers. Each needs a start date: the answer,
   * else the reference's own, else the dataset's issued date, else the plan's creation date.
   */
  private licenses(record: SemanticRecord, startFallback: string): License[] {
    const key = `${DISTRIBUTION}.license`;
    const start = dateAnswer(record, `${key}.start_date`, this.options.warn);
    const licenses: License[] = [];
    const add = (ref: string | null, startDate: string | null, source: string, named: string) => {
      if (!ref) {
        this.options.warn(`${source}: licence "${named}" has no URL the RDA schemas accept; it is left out.`);
        return;
      }
      if (!licenses.some((l) => l.license_ref === ref))
        licenses.push({ license_ref: ref, start_date: start ?? startDate ?? startFallback });
    };
    for (const licenseKey of [key, `${key}.license_ref`]) {
      for (const answer of record.answers(licenseKey)) {
        if (answer.value.kind === 'references') {
          for (const r of answer.value.references) {
            const ref =
              [r.url, r.reference, r.abbreviation].map((c) => (c ? licenseUrl(c) : null)).find(Boolean) ?? null;
            const own = r.fields.start_date ?? r.fields.startDate;
            add(ref, own ? dateOfText(own) : null, answer.source, r.label);
          }
        } else {
          const text = textOf(answer.value);
          if (text) add(licenseUrl(text), null, answer.source, text);
        }
      }
    }
    return licenses;
  }
}

/** Parts of a distribution answered together: a host or a licence is taken whole or not at all. */
const partOf = (key: string): string => {
  for (const part of [`${DISTRIBUTION}.host`, `${DISTRIBUTION}.license`])
    if (key === part || key.startsWith(`${part}.`)) return part;
  return key;
};

/** `item`'s answers, plus `shared`'s for each part the item does not answer. */
function withSharedAnswers(item: SemanticRecord, shared: SemanticRecord): SemanticRecord {
  const combined = new SemanticRecord(item.language);
  combined.merge(item);
  const answeredParts = new Set(item.keys().map(partOf));
  for (const key of shared.keys()) {
    if (answeredParts.has(partOf(key))) continue;
    for (const answer of shared.answers(key)) combined.add(key, answer);
  }
  return combined;
}

/** A host's name from its URL, for a host answered only by URL. */
function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
}

/** `host_id`: the host's registry record (re3data, FAIRsharing) as its resolvable URL where it has one. */
function hostIds(record: SemanticRecord): Identifier[] {
  const id = identifierAnswer(record, `${DISTRIBUTION}.host.host_id`);
  if (!id) return [];
  const parsed = parseIdentifier(id.identifier, id.type);
  return [{ identifier: parsed.url, type: id.type ?? parsed.scheme }];
}
