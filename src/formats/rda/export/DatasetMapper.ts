/**
 * One description -> one RDA dataset, from its `rda.dataset.*` answers with fallbacks from the
 * description itself (id, title, text, tags, template type). Distributions, metadata, security
 * measures and technical resources are the grouped objects of the description's answers.
 */
import { htmlToPlainText } from '../../../document/html';
import type { DescriptionView, ReferenceView } from '../../../plan/types';
import {
  candidatesOf,
  dateAnswer,
  identifierAnswer,
  rdaLanguageOf,
  SemanticRecord,
  textOf,
  yesNoOf,
  type ScopeAnswers,
} from '../answers';
import { parseIdentifier, rdaIdentifier } from '../identifiers';
import {
  DMP_ID_TYPES,
  METADATA_STANDARD_ID_TYPES,
  type Dataset,
  type Distribution,
  type Host,
  type License,
  type Metadata,
  type SecurityAndPrivacy,
  type TechnicalResource,
  optional,
  optionalList,
} from '../madmp';
import { isOpenLicense, licenseUrl } from '../licenses';
import { isPortableUrl } from '../schemas';
import { dateOfText, paragraphs, parseByteSize } from '../text';
import type { RdaOutput } from '../version';
import { toCertification, toCountry, toDataAccess, toPidSystems, type YesNoUnknown } from '../vocabulary';

export interface DatasetMapperOptions {
  output: RdaOutput;
  /** `YYYY-MM-DD` of `dmp.created`: the last fallback for a licence start date. */
  planCreatedDate: string;
  warn: (message: string) => void;
}

const DISTRIBUTION = 'rda.dataset.distribution';

const joined = (texts: string[]): string | null => (texts.length > 0 ? texts.join('\n\n') : null);

export class DatasetMapper {
  constructor(private readonly options: DatasetMapperOptions) {}

  map(description: DescriptionView, answers: ScopeAnswers): Dataset {
    const record = answers.scalars;
    const title = record.text('rda.dataset.title') ?? description.title;
    const issued = dateAnswer(record, 'rda.dataset.issued', this.options.warn);
    const dataset: Dataset = {
      title,
      dataset_id: this.datasetId(description, record),
      personal_data: this.flag(record, 'rda.dataset.personal_data'),
      sensitive_data: this.flag(record, 'rda.dataset.sensitive_data'),
      ...optional(
        'description',
        record.text('rda.dataset.description') ??
          (description.descriptionHtml ? htmlToPlainText(description.descriptionHtml) : null),
      ),
      ...optional('type', record.text('rda.dataset.type') ?? description.template.typeName),
      ...optional('issued', issued),
      ...optional('language', this.language(record)),
      ...optionalList(
        'keyword',
        record.has('rda.dataset.keyword') ? record.items('rda.dataset.keyword') : distinctNonEmpty(description.tags),
      ),
      ...optional('preservation_statement', joined(texts(record, 'rda.dataset.preservation_statement'))),
      ...optionalList(
        'data_quality_assurance',
        texts(record, 'rda.dataset.data_quality_assurance').flatMap(paragraphs),
      ),
      ...optionalList('security_and_privacy', this.securityAndPrivacy(answers)),
      ...optionalList('technical_resource', this.technicalResources(answers)),
      ...optionalList('metadata', this.metadata(answers)),
      ...optionalList('distribution', this.distributions(answers, issued ?? this.options.planCreatedDate, title)),
    };
    if (this.options.output === '1.2') {
      const reused = record.first('rda.dataset.is_reused', yesNoOf)?.value;
      if (reused === 'yes' || reused === 'no') dataset.is_reused = reused === 'yes';
      Object.assign(dataset, optional('rights', joined(texts(record, 'rda.dataset.rights'))));
      if (dataset.dataset_id.identifier !== description.id)
        dataset.alternate_identifier = [{ identifier: description.id, type: 'other' }];
    }
    return dataset;
  }

  /** A semantic identifier, else the description id (stable, and what import matches on). */
  private datasetId(description: DescriptionView, record: SemanticRecord): Dataset['dataset_id'] {
    const semantic = identifierAnswer(record, 'rda.dataset.dataset_id');
    if (semantic) return rdaIdentifier(parseIdentifier(semantic.identifier, semantic.type), DMP_ID_TYPES);
    return { identifier: description.id, type: 'other' };
  }

  private flag(record: SemanticRecord, key: string): YesNoUnknown {
    const answer = record.first(key, yesNoOf);
    if (answer) return answer.value;
    const unreadable = record.answers(key)[0];
    if (unreadable) {
      this.options.warn(
        `${unreadable.source}: "${textOf(unreadable.value) ?? ''}" is not yes, no or unknown; "unknown" is used.`,
      );
    }
    return 'unknown';
  }

  private language(record: SemanticRecord): string | null {
    const answers = record.answers('rda.dataset.language');
    if (answers.length === 0) return null;
    const language = rdaLanguageOf(answers);
    if (!language) {
      this.options.warn(
        `${answers[0].source}: "${textOf(answers[0].value) ?? ''}" is not a language the RDA schemas know; the dataset language is left out.`,
      );
    }
    return language;
  }

  private securityAndPrivacy(answers: ScopeAnswers): SecurityAndPrivacy[] {
    return (answers.groups.get('rda.dataset.security_and_privacy') ?? []).flatMap((record) => {
      const title = record.text('rda.dataset.security_and_privacy.title');
      const description =
        record.text('rda.dataset.security_and_privacy.description') ?? record.text('rda.dataset.security_and_privacy');
      if (!title && !description) return [];
      return [{ title: title ?? 'Security and privacy', ...optional('description', description) }];
    });
  }

  private technicalResources(answers: ScopeAnswers): TechnicalResource[] {
    return (answers.groups.get('rda.dataset.technical_resource') ?? []).flatMap((record) => {
      const name = record.text('rda.dataset.technical_resource.name') ?? record.text('rda.dataset.technical_resource');
      return name
        ? [{ name, ...optional('description', record.text('rda.dataset.technical_resource.description')) }]
        : [];
    });
  }

  /** One metadata entry per standard named (a reference each, or one identifier answer). */
  private metadata(answers: ScopeAnswers): Metadata[] {
    return (answers.groups.get('rda.dataset.metadata') ?? []).flatMap((record) => {
      const key = 'rda.dataset.metadata.metadata_standard_id';
      const references = record.references(key);
      const identifiers: { identifier: string; type: string | null }[] =
        references.length > 0
          ? references.map((r) => ({ identifier: r.url ?? r.reference ?? r.label, type: null }))
          : [identifierAnswer(record, key)].filter((i): i is NonNullable<typeof i> => i !== null);
      // The schemas require a metadata language; English when none is answered.
      const language = rdaLanguageOf(record.answers('rda.dataset.metadata.language')) ?? 'eng';
      return identifiers.map(({ identifier, type }) => ({
        metadata_standard_id: rdaIdentifier(parseIdentifier(identifier, type), METADATA_STANDARD_ID_TYPES),
        language,
        ...optional('description', record.text('rda.dataset.metadata.description')),
      }));
    });
  }

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

  private distributions(answers: ScopeAnswers, licenseStartFallback: string, datasetTitle: string): Distribution[] {
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
      };
      if (this.options.output === '1.2')
        Object.assign(
          distribution,
          optional('issued', dateAnswer(record, `${DISTRIBUTION}.issued`, this.options.warn)),
        );
      return [distribution];
    });
  }

  /**
   * `data_access` for a distribution whose answers give none (RDA requires it): kept when
   * anything says where the data goes (a host, a licence, a link), `open` under an open licence
   * (publishing under CC-BY says the data is public), else `closed`, the value that promises
   * nothing; the export log says which. Null (left out, logged) when nothing says where.
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
    if (!where.host && where.licenses.length === 0 && !where.accessUrl && !where.downloadUrl) {
      this.options.warn(
        `Distribution '${title}' (${source}) has ${problem} and names no host, licence or link; it is left out.`,
      );
      return null;
    }
    const open = where.licenses.find((l) => isOpenLicense(l.license_ref));
    this.options.warn(
      open
        ? `Distribution '${title}' (${source}) has ${problem}; it is given as "open" because its licence ${open.license_ref} is an open licence.`
        : `Distribution '${title}' (${source}) has ${problem}; it is given as "closed" until one is answered.`,
    );
    return open ? 'open' : 'closed';
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
    const url =
      record.first(`${key}.url`, (value) =>
        value.kind === 'references' ? (value.references[0]?.url ?? null) : textOf(value),
      )?.value ??
      hostReference?.url ??
      null;
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

/** Plain texts of every answer to `key`. */
function texts(record: SemanticRecord, key: string): string[] {
  return record
    .answers(key)
    .map((a) => textOf(a.value))
    .filter((t): t is string => t !== null);
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

const distinctNonEmpty = (items: string[]): string[] => [...new Set(items.map((i) => i.trim()).filter(Boolean))];

/** A host's name from its URL, for a host answered only by URL. */
function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
}
