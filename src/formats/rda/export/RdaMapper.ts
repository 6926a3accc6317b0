/**
 * PlanView -> maDMP (`{"dmp": …}`). Values come from answers carrying `rda.*` semantics (blueprint
 * and template fields); where a plan has no such answer, from the plan itself (title, contacts,
 * references, users, DOIs…). Every semantic value overrides its fallback. The result is written to
 * validate against 1.1 and 1.2 at once: 1.1 identifier types, no extra top-level keys, and the
 * keys only 1.2 defines (affiliations, is_reused, project_id…) below the top, where 1.1 allows
 * extra keys. Output '1.2' also uses what only 1.2 accepts (a `ror` funder, a report as text).
 *
 * This file writes the plan's head (title, language, times, ids) and puts the parts together:
 * people.ts (contact, contributors), projects.ts (projects, funding), costs.ts, ethics.ts, and
 * DatasetMapper.ts (one dataset per description).
 */
import { htmlToPlainText } from '../../../document/html';
import type { DescriptionView, PlanView, Value } from '../../../plan/types';
import type { RdaGroup } from '../groups';
import { parseIdentifier, rdaIdentifier, resolvableUrl } from '../identifiers';
import {
  DMP_ID_TYPES,
  optional,
  optionalList,
  type Dataset,
  type Dmp,
  type Identifier,
  type MaDmpDocument,
  type RelatedIdentifier,
} from '../madmp';
import { toRdaDateTime } from '../text';
import type { RdaOutput } from '../version';
import { toRdaLanguage } from '../vocabulary';
import {
  dateOf,
  descriptionAnswers,
  identifierAnswer,
  planAnswers,
  rdaLanguageOf,
  SemanticRecord,
  textOf,
  type ScopeAnswers,
} from './answers';
import { mapCosts } from './costs';
import { DatasetMapper } from './DatasetMapper';
import { mapEthics } from './ethics';
import { mapPeople } from './people';
import type { PlanContext } from './planContext';
import { mapProjects } from './projects';

export interface RdaMapOptions {
  output: RdaOutput;
  /** Stands in for missing timestamps; injectable for tests. */
  now?: Date;
}

export interface RdaMapResult {
  document: MaDmpDocument;
  warnings: string[];
}

export class RdaMapper {
  /** In the order raised, each once. */
  private readonly warnings = new Set<string>();
  private readonly plan: ScopeAnswers;
  private readonly descriptions: { view: DescriptionView; answers: ScopeAnswers }[];
  private readonly context: PlanContext;

  constructor(
    private readonly view: PlanView,
    descriptions: DescriptionView[],
    private readonly options: RdaMapOptions,
  ) {
    const dmp = new SemanticRecord(view.language);
    this.plan = planAnswers(view);
    // Typed dates are read in the plan's language: the one its authors write in.
    this.descriptions = descriptions.map((d) => ({
      view: d,
      answers: descriptionAnswers(d, view.language ?? d.template.language),
    }));
    dmp.merge(this.plan.scalars);
    for (const { answers } of this.descriptions) dmp.merge(answers.scalars);
    this.context = {
      view,
      output: options.output,
      dmp,
      groupRecords: (group) => this.groupRecords(group),
      warn: (message) => this.warn(message),
    };
  }

  map(): RdaMapResult {
    const created = this.timestamp('rda.dmp.created', this.view.createdAt ?? this.view.updatedAt, 'created');
    const modified = this.timestamp('rda.dmp.modified', this.view.updatedAt ?? this.view.createdAt, 'modified');
    const plan = this.context;
    const dmp: Dmp = {
      title: plan.dmp.text('rda.dmp.title') ?? this.view.title,
      ...optional('description', plan.dmp.text('rda.dmp.description') ?? this.planDescription()),
      language: this.language(),
      created,
      modified,
      dmp_id: this.dmpId(),
      ...mapPeople(plan),
      ...optionalList('project', mapProjects(plan)),
      ...optionalList('cost', mapCosts(plan)),
      ...mapEthics(plan),
      dataset: this.datasets(created),
    };
    // Keys only 1.2 defines; 1.1 allows extra keys below the top, so every output writes them.
    Object.assign(dmp, optionalList('alternate_identifier', this.alternateIdentifiers(dmp.dmp_id)));
    Object.assign(dmp, optionalList('related_identifier', this.relatedIdentifiers()));
    return { document: { dmp }, warnings: [...this.warnings] };
  }

  private warn(message: string): void {
    this.warnings.add(message);
  }

  private groupRecords(group: RdaGroup): SemanticRecord[] {
    return [this.plan, ...this.descriptions.map((d) => d.answers)].flatMap((scope) => scope.groups.get(group) ?? []);
  }

  private planDescription(): string | null {
    return this.view.descriptionHtml ? htmlToPlainText(this.view.descriptionHtml) || null : null;
  }

  /**
   * `created`/`modified`: a semantic answer, else the plan's own time, else (with a warning) the
   * export time. A time the schemas cannot hold (a year past 9999) counts as missing.
   */
  private timestamp(key: string, planTime: Date | null, name: string): string {
    const dmp = this.context.dmp;
    const answers = dmp.answers(key);
    const semantic = dmp.first(key, (value: Value) => {
      if (value.kind === 'date') return toRdaDateTime(value.date);
      const date = dateOf(value);
      return date ? `${date}T00:00:00Z` : null;
    });
    if (semantic) return semantic.value;
    if (answers.length > 0) {
      this.warn(
        `${answers[0].source}: "${textOf(answers[0].value) ?? ''}" is not a date in the years 0000 to 9999; it is not used for dmp.${name}.`,
      );
    }
    const fromPlan = planTime ? toRdaDateTime(planTime) : null;
    if (fromPlan) return fromPlan;
    this.warn(
      planTime
        ? `The plan's ${name} time is not in the years 0000 to 9999; the export time is used for dmp.${name}.`
        : `The plan has no ${name} time; the export time is used for dmp.${name}.`,
    );
    // The clock is within the years 0000 to 9999.
    return toRdaDateTime(this.options.now ?? new Date())!;
  }

  private language(): string {
    const answers = this.context.dmp.answers('rda.dmp.language');
    if (answers.length > 0) {
      const language = rdaLanguageOf(answers);
      if (language) return language;
      this.warn(
        `${answers[0].source}: "${textOf(answers[0].value) ?? ''}" is not a language the RDA schemas know; the plan language is used.`,
      );
    }
    const language = toRdaLanguage(this.view.language);
    if (language) return language;
    this.warn(`The plan language "${this.view.language ?? ''}" has no RDA language code; "eng" is used.`);
    return 'eng';
  }

  private dmpId(): Identifier<(typeof DMP_ID_TYPES)[number]> {
    const semantic = identifierAnswer(this.context.dmp, 'rda.dmp.dmp_id');
    if (semantic) return rdaIdentifier(parseIdentifier(semantic.identifier, semantic.type), DMP_ID_TYPES);
    const doi = this.preferredDoi();
    if (doi) return rdaIdentifier(parseIdentifier(doi, 'doi'), DMP_ID_TYPES);
    return { identifier: this.view.id, type: 'other' };
  }

  /** A DOI minted for the plan: Zenodo's when there is one, else the first. */
  private preferredDoi(): string | null {
    const zenodo = this.view.dois.find((d) => d.repositoryId?.toLowerCase() === 'zenodo');
    return (zenodo ?? this.view.dois[0])?.doi ?? null;
  }

  private datasets(created: string): Dataset[] {
    const mapper = new DatasetMapper({
      planCreatedDate: created.slice(0, 10),
      warn: (message) => this.warn(message),
    });
    // An annex (costs, ethics: only rda.dmp.* questions) feeds the plan-level keys, not a dataset.
    const datasets = this.descriptions.filter(({ answers }) => !isAnnex(answers));
    if (datasets.length === 0) {
      return [
        {
          title: `${this.view.title}: all data`,
          dataset_id: { identifier: `${this.view.id}#dataset`, type: 'other' },
          personal_data: 'unknown',
          sensitive_data: 'unknown',
          description:
            this.descriptions.length === 0
              ? 'The plan has no descriptions yet; this dataset stands for all data it covers.'
              : 'The plan describes no dataset of its own; this dataset stands for all data it covers.',
        },
      ];
    }
    return datasets.map(({ view, answers }) => mapper.map(view, answers));
  }

  // ---- 1.2 identifiers ----

  private alternateIdentifiers(dmpId: Identifier): Identifier[] {
    const ids: Identifier[] = [];
    if (dmpId.identifier !== this.view.id) ids.push({ identifier: this.view.id, type: 'other' });
    for (const { doi } of this.view.dois) {
      const parsed = parseIdentifier(doi, 'doi');
      if (parsed.url !== dmpId.identifier && !ids.some((i) => i.identifier === parsed.url))
        ids.push({ identifier: parsed.url, type: 'doi' });
    }
    return ids;
  }

  private relatedIdentifiers(): RelatedIdentifier[] {
    const previous = resolvableUrl(this.view.previousDoi, 'doi');
    return previous ? [{ identifier: previous, type: 'doi', relation_type: 'IsNewVersionOf' }] : [];
  }
}

/** A description whose template asks only plan-level (`rda.dmp.*`) questions. */
function isAnnex(answers: ScopeAnswers): boolean {
  const keys = [...answers.keys];
  return keys.length > 0 && !keys.some((key) => key.startsWith('rda.dataset'));
}
