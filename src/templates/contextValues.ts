/**
 * A plan view's values -> what templates print (ValueContext): dates and numbers in the label
 * language, references with their typed fields, people with their roles, related plans and
 * descriptions by title or a short labelled id. Rich text stays a `ref` into the render's attachments.
 */
import { planUrl } from '../config';
import { linkForIdentifier } from '../plan/references';
import type * as V from '../plan/types';
import type { RenderAttachments } from './attachments';
import type {
  EntityContext,
  PersonContext,
  ReferenceContext,
  RichTextContext,
  TemplateContext,
  UserContext,
  ValueContext,
} from './context';
import { formatDate, formatNumber, languageName } from './format';
import { roleLabel, type Labels } from './labels';

/** A UUID's first group: enough for a reader to tell two plans apart. */
const SHORT_ID_LENGTH = 8;

export const iso = (date: Date | null): string | null =>
  date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;

export class ValueContexts {
  private readonly richTextValues = new Map<string, RichTextContext>();
  private readonly descriptionTitles = new Map<string, string>();
  private planId = '';
  private planTitle = '';

  constructor(
    private readonly options: TemplateContext['options'],
    private readonly labels: Labels,
    private readonly attachments: RenderAttachments,
    private readonly planUrlTemplate: string | null,
  ) {}

  private get language(): string {
    return this.options.labelLanguage;
  }

  /** The titles related plans and descriptions are printed with (a description export's own too). */
  noteTitles(plan: V.PlanView, description?: V.DescriptionView): void {
    this.planId = plan.id;
    this.planTitle = plan.title;
    for (const section of plan.sections)
      for (const d of section.descriptions) this.descriptionTitles.set(d.id, d.title);
    if (description) this.descriptionTitles.set(description.id, description.title);
  }

  accessLabel(accessType: 'public' | 'restricted'): string {
    return accessType === 'public' ? this.labels.accessPublic : this.labels.accessRestricted;
  }

  withheld(): ValueContext {
    return { kind: 'withheld', display: this.options.withheldNote ?? this.labels.withheld };
  }

  richText(html: string | null): RichTextContext | null {
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

  reference(view: V.ReferenceView): ReferenceContext {
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

  person(view: V.ContactView): PersonContext {
    const name = view.name ?? view.email ?? '';
    return {
      name: view.name,
      email: view.email,
      firstName: view.firstName,
      lastName: view.lastName,
      display: view.name && view.email ? `${view.name} <${view.email}>` : name,
    };
  }

  user(view: V.PlanUserView): UserContext {
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
