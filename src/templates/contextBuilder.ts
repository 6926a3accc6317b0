/**
 * PlanView -> the template context (context.ts): labels and dates in the label language, values
 * as templates print them, what the export options leave out already left out.
 */
import { linkForIdentifier } from '../plan/references';
import type * as V from '../plan/types';
import type { RenderAttachments } from './attachments';
import { iso, ValueContexts } from './contextValues';
import type {
  ColumnContext,
  DescriptionContext,
  FieldContext,
  FieldSetContext,
  ItemContext,
  PlanContext,
  PlanFieldContext,
  PlanSectionContext,
  SectionContext,
  TemplateContext,
} from './context';
import { CONTEXT_VERSION } from './context';
import { languageName } from './format';
import { directionOf, type LabelKey, type Labels } from './labels';

const STATUS_LABEL: Record<string, LabelKey> = {
  draft: 'statusDraft',
  finalized: 'statusFinalized',
  canceled: 'statusCanceled',
};

const SYSTEM_FIELD_LABEL: Record<NonNullable<V.PlanFieldView['systemFieldType']>, LabelKey> = {
  title: 'title',
  description: 'description',
  language: 'language',
  contact: 'contact',
  accessRights: 'accessRights',
  user: 'users',
};

/** Builds the context of one render; its refs point into `attachments`. */
export class ContextBuilder {
  /** Answers and facts as templates print them (contextValues.ts). */
  readonly values: ValueContexts;

  constructor(
    private readonly options: TemplateContext['options'],
    private readonly labels: Labels,
    attachments: RenderAttachments,
    /** PLAN_URL_TEMPLATE: where a related plan's link goes; null: none. */
    planUrlTemplate: string | null = null,
  ) {
    this.values = new ValueContexts(options, labels, attachments, planUrlTemplate);
  }

  private get language(): string {
    return this.options.labelLanguage;
  }

  planContext(view: V.PlanView): TemplateContext {
    this.values.noteTitles(view);
    let number = 0;
    const sections: PlanSectionContext[] = [];
    for (const section of view.sections) {
      const descriptions = section.descriptions.map((d) => this.description(d, ++number, section.label));
      const fields = section.fields
        .filter((f) => f.answered || this.options.includeUnanswered)
        .map((f) => this.planField(f));
      if (fields.length === 0 && descriptions.length === 0) continue;
      sections.push({
        id: section.id,
        ordinal: section.ordinal,
        title: section.label ?? (section.id === '' ? this.labels.descriptions : ''),
        description: section.description,
        fields,
        descriptions,
      });
    }
    const plan = {
      ...this.planHead(view),
      sections,
      descriptions: sections.flatMap((s) => s.descriptions),
      shownInSections: shownInSections(sections),
    };
    return this.root('plan', plan);
  }

  descriptionContext(view: V.DescriptionExportView): TemplateContext {
    this.values.noteTitles(view.plan, view.description);
    const sectionTitle = view.plan.sections.find((s) => s.id === view.description.sectionId)?.label ?? null;
    const sections = view.plan.sections
      .map((section) => ({
        id: section.id,
        ordinal: section.ordinal,
        title: section.label ?? '',
        description: section.description,
        fields: section.fields
          .filter((f) => f.answered || this.options.includeUnanswered)
          .map((f) => this.planField(f)),
        descriptions: [],
      }))
      .filter((section) => section.fields.length > 0);
    const plan = {
      ...this.planHead(view.plan),
      sections,
      descriptions: [],
      shownInSections: shownInSections(sections),
    };
    return { ...this.root('description', plan), description: this.description(view.description, 1, sectionTitle) };
  }

  private root(entity: TemplateContext['entity'], plan: PlanContext): TemplateContext {
    return {
      contextVersion: CONTEXT_VERSION,
      entity,
      options: this.options,
      language: this.language,
      direction: directionOf(this.language),
      labels: this.labels,
      plan,
    };
  }

  private planHead(view: V.PlanView): Omit<PlanContext, 'sections' | 'descriptions' | 'shownInSections'> {
    const references = view.references.map((r) => ({
      ...this.values.reference(r),
      blueprintFieldId: r.blueprintFieldId,
    }));
    const referencesByType = groupedBy(
      view.references.filter((r) => r.typeCode),
      (r) => r.typeCode!,
      (r) => this.values.reference(r),
    );
    return {
      id: view.id,
      title: view.title,
      version: view.version,
      summary: this.values.richText(view.descriptionHtml),
      language: view.language,
      languageName: view.language ? languageName(view.language, this.language) : null,
      accessType: view.accessType,
      accessTypeLabel: view.accessType ? this.values.accessLabel(view.accessType) : null,
      status: this.status(view.status),
      blueprint: { id: view.blueprint.id, label: view.blueprint.label, type: view.blueprint.type },
      createdAt: iso(view.createdAt),
      updatedAt: iso(view.updatedAt),
      finalizedAt: iso(view.finalizedAt),
      publicAfter: iso(view.publicAfter),
      dois: view.dois.map((d) => ({
        doi: d.doi,
        url: linkForIdentifier(d.doi) ?? `https://doi.org/${d.doi}`,
        repositoryId: d.repositoryId,
      })),
      previousDoi: view.previousDoi,
      creator: view.creator ? this.values.user(view.creator) : null,
      contacts: view.contacts.map((c) => this.values.person(c)),
      users: view.users.map((u) => this.values.user(u)),
      references,
      referencesByType,
    };
  }

  private status(status: { name: string | null; internal: string | null }) {
    // The planning service's status name is what its users see (tenants name their own
    // statuses); the internal status in words is the fallback.
    const key =
      status.internal && Object.hasOwn(STATUS_LABEL, status.internal) ? STATUS_LABEL[status.internal] : undefined;
    return {
      name: status.name,
      internal: status.internal,
      label: status.name?.trim() || (key ? this.labels[key] : null),
    };
  }

  private planField(field: V.PlanFieldView): PlanFieldContext {
    return {
      id: field.id,
      ordinal: field.ordinal,
      label: field.label ?? (field.systemFieldType ? this.labels[SYSTEM_FIELD_LABEL[field.systemFieldType]] : ''),
      category: field.category,
      systemFieldType: field.systemFieldType,
      dataType: field.dataType,
      referenceTypeCode: field.referenceTypeCode,
      required: field.required,
      semantics: field.semantics,
      description: field.description,
      answered: field.answered,
      withheld: field.withheld ?? false,
      value: field.withheld ? this.values.withheld() : field.value ? this.values.value(field.value) : null,
    };
  }

  private description(view: V.DescriptionView, number: number, sectionTitle: string | null): DescriptionContext {
    const pages = view.pages
      .map((page) => ({
        id: page.id,
        ordinal: page.ordinal,
        title: page.title,
        sections: this.sections(page.sections, 1),
        answered: page.answered,
      }))
      .filter((page) => page.sections.length > 0);
    return {
      id: view.id,
      title: view.title,
      number,
      summary: this.values.richText(view.descriptionHtml),
      tags: view.tags,
      status: this.status(view.status),
      createdAt: iso(view.createdAt),
      sectionId: view.sectionId,
      sectionTitle,
      template: {
        id: view.template.id,
        label: view.template.label,
        description: view.template.description,
        typeName: view.template.typeName,
        version: view.template.version,
        language: view.template.language,
      },
      pages,
      answered: view.pages.some((p) => p.answered),
    };
  }

  private sections(views: V.SectionView[], depth: number): SectionContext[] {
    const out: SectionContext[] = [];
    for (const view of views) {
      const sections = this.sections(view.sections, depth + 1);
      const fieldSets = view.fieldSets
        .filter((fs) => fs.answered || this.options.includeUnanswered)
        .map((fs) => this.fieldSet(fs));
      if (sections.length === 0 && fieldSets.length === 0) continue;
      const description = this.values.richText(view.description);
      const extendedDescription = this.values.richText(view.extendedDescription);
      out.push({
        id: view.id,
        ordinal: view.ordinal,
        title: view.title,
        depth,
        description,
        extendedDescription,
        guidance: this.options.includeGuidance
          ? this.values.richText(joinHtml(view.description, view.extendedDescription))
          : null,
        sections,
        fieldSets,
        answered: view.answered,
      });
    }
    return out;
  }

  private fieldSet(view: V.FieldSetView): FieldSetContext {
    const showAll = this.options.includeUnanswered;
    const items: ItemContext[] = [];
    for (const item of view.items) {
      const answered = item.fields.some((f) => f.answered);
      // An empty repeat is noise; an unanswered single question still shows (as "Not answered") when asked for.
      if (!answered && !(showAll && view.multiplicity === null)) continue;
      const fields = item.fields.filter((f) => f.answered || showAll).map((f) => this.field(f));
      items.push({
        ordinal: item.ordinal,
        number: items.length + 1,
        answered,
        fields,
        cells: view.fields.map((column) => {
          // A handful of fields per item: a scan is cheaper than building a map.
          const field = fields.find((f) => f.id === column.id);
          return { fieldId: column.id, answered: field?.answered ?? false, value: field?.value ?? null };
        }),
      });
    }
    const description = this.values.richText(view.description);
    const extendedDescription = this.values.richText(view.extendedDescription);
    return {
      id: view.id,
      ordinal: view.ordinal,
      title: view.title,
      description,
      extendedDescription,
      additionalInformation: view.additionalInformation,
      guidance: this.options.includeGuidance
        ? this.values.richText(joinHtml(view.description, view.extendedDescription))
        : null,
      multiplicity: view.multiplicity,
      repeats: view.multiplicity !== null,
      tableView: view.multiplicity?.tableView ?? false,
      singleField: view.fields.length === 1,
      fields: view.fields.map((f) => this.column(f)),
      items,
      comment: this.values.richText(view.comment),
      answered: view.answered,
    };
  }

  private column(view: V.FieldDefinitionView): ColumnContext {
    return {
      id: view.id,
      ordinal: view.ordinal,
      label: view.label,
      fieldType: view.fieldType,
      semantics: view.semantics,
      required: view.required,
      multipleSelect: view.multipleSelect,
    };
  }

  private field(view: V.FieldView): FieldContext {
    const withheld = view.withheld ?? false;
    return {
      ...this.column(view),
      answered: view.answered,
      withheld,
      value: withheld ? this.values.withheld() : view.value ? this.values.value(view.value) : null,
    };
  }
}

/** Which plan facts the sections' system fields show (PlanContext.shownInSections). */
function shownInSections(sections: PlanSectionContext[]): PlanContext['shownInSections'] {
  const types = new Set(sections.flatMap((section) => section.fields.map((field) => field.systemFieldType)));
  return { summary: types.has('description'), contacts: types.has('contact'), users: types.has('user') };
}

/**
 * Entries grouped under a key taken from the plan ("funders", or "constructor"), as a plain
 * object. Every group is an own property defined outright, so no key can reach or replace the
 * prototype; the object stays an ordinary one, which Handlebars can print and iterate.
 */
function groupedBy<T, V>(entries: T[], keyOf: (entry: T) => string, valueOf: (entry: T) => V): Record<string, V[]> {
  const groups: Record<string, V[]> = {};
  for (const entry of entries) {
    const key = keyOf(entry);
    if (Object.hasOwn(groups, key)) groups[key].push(valueOf(entry));
    else
      Object.defineProperty(groups, key, {
        value: [valueOf(entry)],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return groups;
}

function joinHtml(...parts: (string | null)[]): string | null {
  const present = parts.filter((p): p is string => !!p && p.trim() !== '');
  return present.length > 0 ? present.join('\n') : null;
}
