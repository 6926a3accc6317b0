/**
 * One description -> one RDA dataset, from its `rda.dataset.*` answers with fallbacks from the
 * description itself (id, title, text, tags, template type). Distributions, metadata, security
 * measures and technical resources are the grouped objects of the description's answers;
 * distributions.ts maps the distributions.
 */
import { htmlToPlainText } from '../../../document/html';
import type { DescriptionView } from '../../../plan/types';
import { parseIdentifier, rdaIdentifier } from '../identifiers';
import { withoutImportNotes } from '../importNotes';
import {
  DMP_ID_TYPES,
  METADATA_STANDARD_ID_TYPES,
  optional,
  optionalList,
  type Dataset,
  type Metadata,
  type SecurityAndPrivacy,
  type TechnicalResource,
} from '../madmp';
import { paragraphs } from '../text';
import type { YesNoUnknown } from '../vocabulary';
import {
  dateAnswer,
  identifierAnswer,
  rdaLanguageOf,
  textOf,
  yesNoOf,
  type ScopeAnswers,
  type SemanticRecord,
} from './answers';
import { DistributionMapper } from './distributions';

export interface DatasetMapperOptions {
  /** `YYYY-MM-DD` of `dmp.created`: the last fallback for a licence start date. */
  planCreatedDate: string;
  warn: (message: string) => void;
}

const joined = (texts: string[]): string | null => (texts.length > 0 ? texts.join('\n\n') : null);

export class DatasetMapper {
  private readonly distributions: DistributionMapper;

  constructor(private readonly options: DatasetMapperOptions) {
    this.distributions = new DistributionMapper({ warn: options.warn });
  }

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
          (description.descriptionHtml ? withoutImportNotes(htmlToPlainText(description.descriptionHtml)) : null),
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
      ...optionalList('distribution', this.distributions.map(answers, issued ?? this.options.planCreatedDate, title)),
    };
    // Keys only 1.2 defines; 1.1 allows extra keys below the top, so every output writes them.
    const reused = record.first('rda.dataset.is_reused', yesNoOf)?.value;
    if (reused === 'yes' || reused === 'no') dataset.is_reused = reused === 'yes';
    Object.assign(dataset, optional('rights', joined(texts(record, 'rda.dataset.rights'))));
    if (dataset.dataset_id.identifier !== description.id)
      dataset.alternate_identifier = [{ identifier: description.id, type: 'other' }];
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
}

/** Plain texts of every answer to `key`. */
function texts(record: SemanticRecord, key: string): string[] {
  return record
    .answers(key)
    .map((a) => textOf(a.value))
    .filter((t): t is string => t !== null);
}

const distinctNonEmpty = (items: string[]): string[] => [...new Set(items.map((i) => i.trim()).filter(Boolean))];
