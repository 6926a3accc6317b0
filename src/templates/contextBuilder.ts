/**
 * PlanView -> the template context (context.ts): labels and dates in the label language, values
 * as templates print them, what the export options leave out already left out.
 */
import { planUrl } from '../config';
import { linkForIdentifier } from '../plan/references';
import type * as V from '../plan/types';
import type { RenderAttachments } from './attachments';
import type {
  ColumnContext,
  DescriptionContext,
  EntityContext,
  FieldContext,
  FieldSetContext,
  ItemContext,
  PersonContext,
  PlanContext,
  PlanFieldContext,
  PlanSectionContext,
  ReferenceContext,
  RichTextContext,
  SectionContext,
  TemplateContext,
  UserContext,
  ValueContext,
} from './context';
import { CONTEXT_VERSION } from './context';
import { formatDate, formatNumber, languageName } from './format';
import { directionOf, roleLabel, type LabelKey, type Labels } from './labels';

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

/** A UUID's first group: enough for a reader to tell two plans apart. */
const SHORT_ID_LENGTH = 8;

const iso = (date: Date | null): string | null => (date && !Number.isNaN(date.getTime()) ? date.toISOString() : null);

/** Builds the context of one render; its refs point into `attachments`. */
export class ContextBuilder {
  private readonly richTextValues = new Map<string, RichTextContext>();
  private readonly descriptionTitles = new Map<string, string>();
  private planId = '';
  private planTitle = '';

  constructor(
    private readonly options: TemplateContext['options'],
    private readonly labels: Labels,
    private readonly attachments: RenderAttachments,
    /** PLAN_URL_TEMPLATE: where a related plan's link goes; null: none. */
    private readonly planUrlTemplate: string | null = null,
  ) {}

  private get language(): string {
    return this.options.labelLanguage;
  }

  planContext(view: V.PlanView): TemplateContext {
    this.noteTitles(view);
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
    this.noteTitles(view.plan);
    this.descriptionTitles.set(view.description.id, view.description.title);
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

  private noteTitles(plan: V.PlanView): void {
    this.planId = plan.id;
    this.planTitle = plan.title;
    for (const section of plan.sections)
      for (const d of section.descriptions) this.descriptionTitles.set(d.id, d.title);
  }

  private planHead(view: V.PlanView): Omit<PlanContext, 'sections' | 'descriptions' | 'shownInSections'> {
    const references = view.references.map((r) => ({ ...this.reference(r), blueprintFieldId: r.blueprintFieldId }));
    const referencesByType = groupedBy(
      view.references.filter((r) => r.typeCode),
      (r) => r.typeCode!,
      (r) => this.reference(r),
    );
    return {
      id: view.id,
      title: view.title,
      version: view.version,
      summary: this.richText(view.descriptionHtml),
      language: view.language,
      languageName: view.language ? languageName(view.language, this.language) : null,
      accessType: view.accessType,
      accessTypeLabel: view.accessType ? this.accessLabel(view.accessType) : null,
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
      creator: view.creator ? this.user(view.creator) : null,
      contacts: view.contacts.map((c) => this.person(c)),
      users: view.users.map((u) => this.user(u)),
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

  private accessLabel(accessType: 'public' | 'restricted'): string {
    return accessType === 'public' ? this.labels.accessPublic : this.labels.accessRestricted;
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
      value: field.withheld ? this.withheld() : field.value ? this.value(field.value) : null,
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
      summary: this.richText(view.descriptionHtml),
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
      const description = this.richText(view.description);
      const extendedDescription = this.richText(view.extendedDescription);
      out.push({
        id: view.id,
        ordinal: view.ordinal,
        title: view.title,
        depth,
        description,
        extendedDescription,
        guidance: this.options.includeGuidance
          ? this.richText(joinHtml(view.description, view.extendedDescription))
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
    const description = this.richText(view.description);
    const extendedDescription = this.richText(view.extendedDescription);
    return {
      id: view.id,
      ordinal: view.ordinal,
      title: view.title,
      description,
      extendedDescription,
      additionalInformation: view.additionalInformation,
      guidance: this.options.includeGuidance
        ? this.richText(joinHtml(view.description, view.extendedDescription))
        : null,
      multiplicity: view.multiplicity,
      repeats: view.multiplicity !== null,
      tableView: view.multiplicity?.tableView ?? false,
      singleField: view.fields.length === 1,
      fields: view.fields.map((f) => this.column(f)),
      items,
      comment: this.richText(view.comment),
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
      value: withheld ? this.withheld() : view.value ? this.value(view.value) : null,
    };
  }

  private withheld(): ValueContext {
    return { kind: 'withheld', display: this.options.withheldNote ?? this.labels.withheld };
  }

  private richText(html: string | null): RichTextContext | null {
    if (!html || !html.trim()) return null;
    const ref = this.attachments.richTextRef(html);
    let value = this.richTextValues.get(ref);
    if (!value) {
      const attachments = this.attachments;
      // `display` is an own getter so the HTML is parsed only when a template reads it (or prints
      // the value); it is enumerable, so JSON.stringify of the context still shows it.
      value = Object.defineProperties({ kind: 'richText', ref } as RichTextContext, {
        display: { enumerable: true, get: () => attachments.plainText(ref) },
      });
      this.richTextValues.set(ref, value);
    }
    return value;
  }

  /**
   * A related plan or description: its title where the payload has it (this plan, its descriptions),
   * else a short labelled id ("Plan 3cf0120d"); a plan links to PLAN_URL_TEMPLATE when it is set.
   */
  private entity(entityType: 'plan' | 'description', id: string, title: string | null): EntityContext {
    const url = entityType === 'plan' && this.planUrlTemplate ? planUrl(this.planUrlTemplate, id) : null;
    const shortId = id.slice(0, SHORT_ID_LENGTH);
    const label =
      title ?? this.labels[entityType === 'plan' ? 'planWithId' : 'descriptionWithId'].replace('{id}', shortId);
    return { id, title, label, url };
  }

  private reference(view: V.ReferenceView): ReferenceContext {
    return {
      id: view.id,
      label: view.label,
      typeCode: view.typeCode,
      typeName: view.typeName,
      reference: view.reference,
      abbreviation: view.abbreviation,
      description: view.description,
      source: view.source,
      url: view.url,
      // Plain string map from the plan view: shared, not copied.
      fields: view.fields,
      details: view.details.map((detail) => {
        const date = detail.date ? iso(detail.date) : null;
        return {
          code: detail.code,
          label: detail.label,
          description: detail.description,
          dataType: detail.dataType,
          value: detail.value,
          date,
          display: detail.date && date ? formatDate(detail.date, 'long', this.language) : detail.value,
          url: detail.url,
        };
      }),
    };
  }

  private person(view: V.ContactView): PersonContext {
    const name = view.name ?? view.email ?? '';
    return {
      name: view.name,
      email: view.email,
      firstName: view.firstName,
      lastName: view.lastName,
      display: view.name && view.email ? `${view.name} <${view.email}>` : name,
    };
  }

  private user(view: V.PlanUserView): UserContext {
    const roleLabels = view.roles.map((role) => roleLabel(this.labels, role));
    const name = view.name ?? view.email ?? '';
    return {
      id: view.id,
      name: view.name,
      email: view.email,
      roles: view.roles,
      roleLabels,
      display: roleLabels.length > 0 ? `${name} (${roleLabels.join(', ')})` : name,
    };
  }

  value(value: V.Value): ValueContext {
    const language = this.language;
    switch (value.kind) {
      case 'text':
        return { kind: 'text', text: value.text, display: value.text.trim() };
      case 'richText':
        return this.richText(value.html) ?? { kind: 'text', text: '', display: '' };
      case 'number':
        return { kind: 'number', value: value.value, display: formatNumber(value.value, language) };
      case 'date':
        return { kind: 'date', date: iso(value.date) ?? '', display: formatDate(value.date, 'long', language) };
      case 'boolean':
        return { kind: 'boolean', value: value.value, display: value.value ? this.labels.yes : this.labels.no };
      case 'options':
        return { kind: 'options', options: value.options, display: value.options.map((o) => o.label).join(', ') };
      case 'tags':
        return { kind: 'tags', tags: value.tags, display: value.tags.join(', ') };
      case 'references': {
        const references = value.references.map((r) => this.reference(r));
        return {
          kind: 'references',
          references,
          hasDetails: references.some((r) => r.details.length > 0),
          display: references.map((r) => r.label).join(', '),
        };
      }
      case 'identifier':
        return {
          kind: 'identifier',
          identifier: value.identifier,
          type: value.type,
          url: linkForIdentifier(value.identifier, value.type),
          display: value.type ? `${value.identifier} (${value.type})` : value.identifier,
        };
      case 'file': {
        const { file } = value;
        return {
          kind: 'file',
          filename: file.filename,
          mimeType: file.mimeType,
          isImage: file.isImage,
          ref: file.bytes ? this.attachments.fileRef(file) : null,
          display: file.filename ?? '',
        };
      }
      case 'entities': {
        const titles = value.entityType === 'plan' ? new Map([[this.planId, this.planTitle]]) : this.descriptionTitles;
        const items = value.ids.map((id) => this.entity(value.entityType, id, titles.get(id) ?? null));
        return {
          kind: 'entities',
          entityType: value.entityType,
          items,
          // Plain text cannot link: a plan's address follows its label.
          display: items.map((i) => (i.url ? `${i.label} (${i.url})` : i.label)).join(', '),
        };
      }
      case 'contacts': {
        const contacts = value.contacts.map((c) => this.person(c));
        return { kind: 'contacts', contacts, display: contacts.map((c) => c.display).join('; ') };
      }
      case 'users': {
        const users = value.users.map((u) => this.user(u));
        return { kind: 'users', users, display: users.map((u) => u.display).join('; ') };
      }
      case 'language': {
        const name = languageName(value.code, language);
        return { kind: 'language', code: value.code, name, display: name };
      }
      case 'accessRights':
        return { kind: 'accessRights', accessType: value.accessType, display: this.accessLabel(value.accessType) };
    }
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
