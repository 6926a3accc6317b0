/**
 * PlanModel / DescriptionModel -> what a reader sees. The only place that knows OpenCDMP
 * semantics: blueprint field categories, where each field type keeps its value, visibility,
 * includeInExport, reference lookup by blueprint field, option labels, canceled descriptions.
 */
import { PLAN_USER_ROLE } from '../contract/decode';
import type * as M from '../contract/model';
import { buildReferenceView } from './references';
import type * as V from './types';
import { withholdDescription, withholdPlan, Withholding } from './withhold';
import { emptyTable } from '../lookup';

export interface PlanViewOptions {
  /** Our fileTransformerId: selects our entry among blueprint / template plugin configurations. */
  transformerId: string;
  /** Withhold rules that apply whatever the configuration says (the `WITHHOLD` default). */
  withhold?: readonly string[];
}

const IMAGE_MIME = /^image\/(png|jpe?g|gif|bmp)$/i;
const IMAGE_NAME = /\.(png|jpe?g|gif|bmp)$/i;

const byOrdinal = <T extends { ordinal: number }>(items: T[]): T[] => [...items].sort((a, b) => a.ordinal - b.ordinal);

/** Editors leave `<p><br></p>` or `&nbsp;` behind when an answer is cleared. */
function hasRichContent(html: string): boolean {
  if (/<(img|table|hr)\b/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|\s/gi, '') !== '';
}

const text = (value: string | null): V.Value | null => (value && value.trim() ? { kind: 'text', text: value } : null);
const richText = (html: string | null): V.Value | null =>
  html && hasRichContent(html) ? { kind: 'richText', html } : null;

export function buildFileView(file: M.FileEnvelope): V.FileView {
  const isImage = IMAGE_MIME.test(file.mimeType ?? '') || (!file.mimeType && IMAGE_NAME.test(file.filename ?? ''));
  return { filename: file.filename, mimeType: file.mimeType, bytes: file.bytes, isImage };
}

function personOf(user: M.UserModel | null): { name: string | null; email: string | null } {
  const email = user?.contacts.find((c) => c.type === 'email' && c.value)?.value ?? null;
  return { name: user?.name ?? null, email };
}

function groupUsers(users: M.PlanUser[]): V.PlanUserView[] {
  const byKey = new Map<string, V.PlanUserView>();
  for (const { user, role } of users) {
    if (!user) continue;
    const key = user.id ?? user.name ?? '';
    let view = byKey.get(key);
    if (!view) {
      view = { id: user.id, ...personOf(user), roles: [] };
      byKey.set(key, view);
    }
    if (role && !view.roles.includes(role)) view.roles.push(role);
  }
  for (const view of byKey.values()) view.roles.sort((a, b) => PLAN_USER_ROLE.indexOf(a) - PLAN_USER_ROLE.indexOf(b));
  return [...byKey.values()];
}

export function configurationValues(plugins: M.PluginConfiguration[], transformerId: string): V.ConfigurationValues {
  // Keyed by the plugin's field codes: a code named "__proto__" is a field, not the prototype.
  const values: V.ConfigurationValues = emptyTable();
  for (const plugin of plugins) {
    if (plugin.code !== transformerId) continue;
    for (const field of plugin.fields) {
      values[field.code] = { text: field.textValue, file: field.file ? buildFileView(field.file) : null };
    }
  }
  return values;
}

// ---- plan ----

function blueprintFieldValue(
  field: M.BlueprintField,
  plan: M.PlanModel,
  values: Map<string, M.PlanBlueprintValue>,
  users: V.PlanUserView[],
  references: V.PlanView['references'],
): V.Value | null {
  switch (field.category) {
    case 'system':
      switch (field.systemFieldType) {
        case 'title':
          return text(plan.label);
        case 'description':
          return richText(plan.description);
        case 'language':
          return plan.language ? { kind: 'language', code: plan.language } : null;
        case 'contact': {
          const contacts = plan.contacts.map((c) => ({
            ...c,
            name: [c.firstName, c.lastName].filter(Boolean).join(' ') || null,
          }));
          return contacts.length > 0 ? { kind: 'contacts', contacts } : null;
        }
        case 'accessRights':
          return plan.accessType ? { kind: 'accessRights', accessType: plan.accessType } : null;
        case 'user':
          return users.length > 0 ? { kind: 'users', users } : null;
      }
      return null;
    case 'extra': {
      const value = values.get(field.id);
      if (!value) return null;
      switch (field.dataType) {
        case 'text':
          return text(value.value);
        case 'richText':
          return richText(value.value);
        case 'date':
          return value.dateValue ? { kind: 'date', date: value.dateValue } : null;
        case 'number':
          return value.numberValue != null ? { kind: 'number', value: value.numberValue } : null;
      }
      return null;
    }
    case 'referenceType': {
      const own = references.filter((r) => r.blueprintFieldId === field.id);
      return own.length > 0 ? { kind: 'references', references: own } : null;
    }
    case 'upload': {
      const file = values.get(field.id)?.file;
      return file && (file.bytes || file.filename) ? { kind: 'file', file: buildFileView(file) } : null;
    }
  }
}

function buildPlanFieldView(field: M.BlueprintField, value: V.Value | null): V.PlanFieldView {
  return {
    id: field.id,
    ordinal: field.ordinal,
    label: field.label,
    description: field.description,
    placeholder: field.placeholder,
    required: field.required,
    semantics: field.semantics,
    category: field.category,
    systemFieldType: field.category === 'system' ? field.systemFieldType : null,
    dataType: field.category === 'extra' ? field.dataType : null,
    referenceTypeCode: field.category === 'referenceType' ? (field.referenceType?.code ?? null) : null,
    answered: value !== null,
    value,
  };
}

/** The plan without its descriptions' contents (used as the head of a description export too). */
function buildPlanHead(plan: M.PlanModel, options: PlanViewOptions): Omit<V.PlanView, 'sections'> {
  const users = groupUsers(plan.users);
  const creator = plan.creator
    ? {
        id: plan.creator.id,
        ...personOf(plan.creator),
        roles: users.find((u) => u.id && u.id === plan.creator?.id)?.roles ?? [],
      }
    : null;
  return {
    id: plan.id,
    title: plan.label?.trim() || plan.id,
    version: plan.version,
    descriptionHtml: plan.description && hasRichContent(plan.description) ? plan.description : null,
    language: plan.language,
    accessType: plan.accessType,
    status: { name: plan.status?.name ?? null, internal: plan.status?.internalStatus ?? null },
    blueprint: {
      id: plan.blueprint?.id ?? null,
      label: plan.blueprint?.label ?? null,
      groupId: plan.blueprint?.groupId ?? null,
      type: plan.blueprint?.type ? { id: plan.blueprint.type.id, name: plan.blueprint.type.name } : null,
    },
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
    finalizedAt: plan.finalizedAt,
    publicAfter: plan.publicAfter,
    dois: plan.entityDois.filter((d) => d.doi).map((d) => ({ doi: d.doi!, repositoryId: d.repositoryId })),
    previousDoi: plan.previousDOI,
    creator,
    contacts: plan.contacts.map((c) => ({ ...c, name: [c.firstName, c.lastName].filter(Boolean).join(' ') || null })),
    users,
    references: plan.references
      .filter((r) => r.reference)
      .map((r) => ({ ...buildReferenceView(r.reference!), blueprintFieldId: r.blueprintFieldId })),
    configuration: configurationValues(plan.blueprint?.plugins ?? [], options.transformerId),
  };
}

const createdTime = (d: M.DescriptionModel) => d.createdAt?.getTime() ?? Number.MAX_SAFE_INTEGER;

export function buildPlanView(plan: M.PlanModel, options: PlanViewOptions): V.PlanView {
  const head = buildPlanHead(plan, options);
  const values = new Map(plan.blueprintValues.map((v) => [v.fieldId, v]));

  const live = plan.descriptions
    .filter((d) => d.status?.internalStatus !== 'canceled')
    .sort((a, b) => createdTime(a) - createdTime(b));
  const bySection = new Map<string, V.DescriptionView[]>();
  for (const description of live) {
    const key = description.sectionId ?? '';
    const views = bySection.get(key) ?? [];
    views.push(buildDescriptionView(description, options));
    bySection.set(key, views);
  }

  const blueprintSections = byOrdinal(plan.blueprint?.sections ?? []);
  const sections: V.PlanSectionView[] = blueprintSections.map((section) => {
    const descriptions = bySection.get(section.id) ?? [];
    bySection.delete(section.id);
    return {
      id: section.id,
      ordinal: section.ordinal,
      label: section.label,
      description: section.description,
      fields: byOrdinal(section.fields).map((field) =>
        buildPlanFieldView(field, blueprintFieldValue(field, plan, values, head.users, head.references)),
      ),
      descriptions,
    };
  });
  // Never lose work: descriptions whose section is not in the blueprint still get printed.
  const orphans = [...bySection.values()].flat();
  if (orphans.length > 0) {
    const ordinal = (blueprintSections.at(-1)?.ordinal ?? 0) + 1;
    sections.push({ id: '', ordinal, label: null, description: null, fields: [], descriptions: orphans });
  }
  return withholdPlan({ ...head, sections }, options.withhold ?? []);
}

// ---- description ----

/**
 * The backend lists a visibility state per page, section, fieldSet and field (with item
 * ordinals). Like the Java plugin, a field without a state is hidden; containers are hidden only
 * by an explicit `visible: false`, so one missing container entry cannot blank a whole page.
 * A payload with no states at all shows everything.
 */
class Visibility {
  private readonly states: Map<string, boolean> | null;

  constructor(states: M.VisibilityState[] | null) {
    this.states =
      states && states.length > 0 ? new Map(states.map((s) => [`${s.fieldId}|${s.ordinal ?? ''}`, s.visible])) : null;
  }

  private state(id: string, ordinal: number | null): boolean | undefined {
    return this.states!.get(`${id}|${ordinal ?? ''}`) ?? this.states!.get(`${id}|`);
  }

  field(id: string, ordinal: number): boolean {
    return this.states === null || this.state(id, ordinal) === true;
  }

  container(id: string, ordinal: number | null = null): boolean {
    return this.states === null || this.state(id, ordinal) !== false;
  }
}

function optionValue(field: M.TemplateField, selected: string[]): V.Value | null {
  const options = selected
    .filter((value) => value !== '')
    .map((value) => {
      const option =
        field.data.options.find((o) => o.value === value) ?? field.data.options.find((o) => o.label === value);
      return { value, label: option?.label ?? value };
    });
  return options.length > 0 ? { kind: 'options', options } : null;
}

function templateFieldValue(field: M.TemplateField, answer: M.FieldValue | undefined): V.Value | null {
  if (!answer) return null;
  switch (field.data.fieldType) {
    case 'freetext':
    case 'textarea':
      return text(answer.textValue);
    case 'richTextarea':
      return richText(answer.textValue);
    case 'radiobox':
      return answer.textValue ? optionValue(field, [answer.textValue]) : null;
    case 'select':
      // A single select may arrive as textValue from older clients.
      return optionValue(field, answer.textListValue ?? (answer.textValue ? [answer.textValue] : []));
    case 'internalEntitiesPlans':
    case 'internalEntitiesDescriptions': {
      const ids = (answer.textListValue ?? []).filter(Boolean);
      const entityType = field.data.fieldType === 'internalEntitiesPlans' ? 'plan' : 'description';
      return ids.length > 0 ? { kind: 'entities', entityType, ids } : null;
    }
    case 'tags': {
      const tags = (answer.textListValue ?? []).filter((t) => t.trim());
      return tags.length > 0 ? { kind: 'tags', tags } : null;
    }
    case 'datePicker':
      return answer.dateValue ? { kind: 'date', date: answer.dateValue } : null;
    case 'booleanDecision':
    case 'checkBox':
      return answer.booleanValue != null ? { kind: 'boolean', value: answer.booleanValue } : null;
    case 'referenceTypes': {
      const references = (answer.references ?? []).map(buildReferenceView);
      return references.length > 0 ? { kind: 'references', references } : null;
    }
    case 'datasetIdentifier':
    case 'validation': {
      const identifier = answer.externalIdentifier?.identifier?.trim();
      return identifier ? { kind: 'identifier', identifier, type: answer.externalIdentifier?.type ?? null } : null;
    }
    case 'upload':
      return answer.file && (answer.file.bytes || answer.file.filename)
        ? { kind: 'file', file: buildFileView(answer.file) }
        : null;
  }
}

function fieldDefinition(field: M.TemplateField): V.FieldDefinitionView {
  return {
    id: field.id,
    ordinal: field.ordinal,
    label: field.data.label,
    fieldType: field.data.fieldType,
    semantics: field.semantics,
    required: field.validations.includes('required'),
    multipleSelect: field.data.multipleSelect,
  };
}

function buildFieldSetView(
  fieldSet: M.TemplateFieldSet,
  answers: M.FieldSetAnswers | undefined,
  visibility: Visibility,
): V.FieldSetView {
  const exported = byOrdinal(fieldSet.fields).filter((f) => f.includeInExport);
  // A question nobody answered has no entry at all: show it as one empty item.
  const rawItems = answers && answers.items.length > 0 ? [...answers.items].sort((a, b) => a.ordinal - b.ordinal) : [];
  if (rawItems.length === 0 && !fieldSet.hasMultiplicity) rawItems.push({ ordinal: 0, fields: {} });

  const items: V.ItemView[] = [];
  const visibleColumns = new Set<string>();
  for (const item of rawItems) {
    if (!visibility.container(fieldSet.id, item.ordinal)) continue;
    const fields = exported
      .filter((field) => visibility.field(field.id, item.ordinal))
      .map((field) => {
        visibleColumns.add(field.id);
        const value = templateFieldValue(field, item.fields[field.id]);
        return { ...fieldDefinition(field), answered: value !== null, value };
      });
    if (fields.length > 0) items.push({ ordinal: item.ordinal, fields });
  }
  const columns = visibleColumns.size > 0 ? exported.filter((f) => visibleColumns.has(f.id)) : exported;
  const comment = answers?.comment && hasRichContent(answers.comment) ? answers.comment : null;
  return {
    id: fieldSet.id,
    ordinal: fieldSet.ordinal,
    title: fieldSet.title,
    description: fieldSet.description,
    extendedDescription: fieldSet.extendedDescription,
    additionalInformation: fieldSet.additionalInformation,
    multiplicity: fieldSet.hasMultiplicity
      ? {
          min: fieldSet.multiplicity?.min ?? null,
          max: fieldSet.multiplicity?.max ?? null,
          placeholder: fieldSet.multiplicity?.placeholder ?? null,
          tableView: fieldSet.multiplicity?.tableView ?? false,
        }
      : null,
    fields: columns.map(fieldDefinition),
    items,
    comment,
    answered: items.some((item) => item.fields.some((f) => f.answered)),
  };
}

function buildSectionView(
  section: M.TemplateSection,
  answers: Record<string, M.FieldSetAnswers>,
  visibility: Visibility,
): V.SectionView | null {
  if (!visibility.container(section.id)) return null;
  const sections = byOrdinal(section.sections)
    .map((s) => buildSectionView(s, answers, visibility))
    .filter((s): s is V.SectionView => s !== null);
  const fieldSets = byOrdinal(section.fieldSets)
    .map((fs) => buildFieldSetView(fs, answers[fs.id], visibility))
    // A fieldSet whose every field is excluded or hidden has nothing to show.
    .filter((fs) => fs.items.length > 0 || (fs.multiplicity !== null && fs.fields.length > 0));
  return {
    id: section.id,
    ordinal: section.ordinal,
    title: section.title,
    description: section.description,
    extendedDescription: section.extendedDescription,
    sections,
    fieldSets,
    answered: sections.some((s) => s.answered) || fieldSets.some((fs) => fs.answered),
  };
}

export function buildDescriptionView(description: M.DescriptionModel, options: PlanViewOptions): V.DescriptionView {
  const visibility = new Visibility(description.visibilityStates);
  const pages = byOrdinal(description.template.pages)
    .filter((page) => visibility.container(page.id))
    .map((page) => {
      const sections = byOrdinal(page.sections)
        .map((s) => buildSectionView(s, description.fieldSets, visibility))
        .filter((s): s is V.SectionView => s !== null);
      return {
        id: page.id,
        ordinal: page.ordinal,
        title: page.title,
        sections,
        answered: sections.some((s) => s.answered),
      };
    });
  const template = description.template;
  return {
    id: description.id,
    title: description.label?.trim() || description.id,
    descriptionHtml:
      description.description && hasRichContent(description.description) ? description.description : null,
    tags: description.tags,
    status: { name: description.status?.name ?? null, internal: description.status?.internalStatus ?? null },
    createdAt: description.createdAt,
    sectionId: description.sectionId,
    template: {
      id: template.id,
      label: template.label,
      description: template.description,
      typeName: template.typeName,
      version: template.version,
      language: template.language,
      groupId: template.groupId,
    },
    pages,
    configuration: configurationValues(template.plugins, options.transformerId),
  };
}

/** A description export: the description, headed by its plan (sent without descriptions). */
export function buildDescriptionExportView(
  description: M.DescriptionModel,
  options: PlanViewOptions,
): V.DescriptionExportView {
  const plan: M.PlanModel = description.plan ?? emptyPlan(description);
  const planView = buildPlanView({ ...plan, descriptions: [] }, options);
  const rules = new Withholding(options.withhold ?? []).with(planView.configuration);
  return { plan: planView, description: withholdDescription(buildDescriptionView(description, options), rules) };
}

/** The backend always nests the plan; a client that does not still gets a document. */
function emptyPlan(description: M.DescriptionModel): M.PlanModel {
  return {
    id: description.id,
    version: null,
    label: description.label,
    description: null,
    accessType: null,
    status: null,
    creator: null,
    blueprint: null,
    blueprintValues: [],
    contacts: [],
    entityDois: [],
    descriptions: [],
    users: [],
    references: [],
    previousDOI: null,
    createdAt: null,
    updatedAt: null,
    finalizedAt: null,
    publicAfter: null,
    language: description.template.language,
  };
}
