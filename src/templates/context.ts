/**
 * The template context as templates see it: plain JSON (ISO date strings, no bytes, no class
 * instances), documented in schemas/template-context.schema.json and versioned by
 * `contextVersion`. contextBuilder.ts makes it from the plan view.
 *
 * Rich text and file bytes stay out of the context: values carry a `ref` into a per-render side
 * table (`RenderAttachments`), and helpers print `<dmp-blocks ref>` / `<img src="ref:…">`
 * placeholders that the layout resolves after rendering. So an answer's HTML is parsed only if a
 * template prints it, and upload bytes never travel through the HTML as base64.
 *
 * The context holds what the export options ask to show: without include-unanswered,
 * unanswered questions and fields, and pages or sections left empty, are absent; without
 * include-guidance, `guidance` is null. Templates need not re-check the options.
 */
import type { PlanUserRole } from '../contract/model';
import type { ExportOptions } from '../document/options';
import type * as V from '../plan/types';
import type { Labels } from './labels';

export const CONTEXT_VERSION = 1;

/** A field the reference's type declares (OpenCDMP 1.3), labelled, its value ready to print. */
export interface ReferenceDetailContext {
  code: string;
  /** The reference type's label for the field ("Start date"). */
  label: string;
  description: string | null;
  dataType: 'text' | 'date';
  /** As the source gives it. */
  value: string;
  /** Date-typed values that read as a date: the day, ISO 8601 (for `formatDate`); else null. */
  date: string | null;
  /** The value in the label language: a date written out ("1 January 2024"), text as it is. */
  display: string;
  /** A link when a text value is a URL, DOI or ORCID. */
  url: string | null;
}

export interface ReferenceContext {
  id: string | null;
  label: string;
  typeCode: string | null;
  typeName: string | null;
  reference: string | null;
  abbreviation: string | null;
  description: string | null;
  source: string | null;
  url: string | null;
  fields: Record<string, string>;
  /** The fields the reference type declares, in its order, labelled (empty from a 1.2 planning service). */
  details: ReferenceDetailContext[];
}

export interface PersonContext {
  name: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  display: string;
}

export interface UserContext {
  id: string | null;
  name: string | null;
  email: string | null;
  roles: PlanUserRole[];
  /** The roles in words, in the label language. */
  roleLabels: string[];
  /** "Name (Owner, Reviewer)". */
  display: string;
}

/** A related plan or description. */
export interface EntityContext {
  id: string;
  /** Known for this plan and its descriptions. */
  title: string | null;
  /** The title, else a short labelled id ("Plan 3cf0120d"). */
  label: string;
  /** Where a reader finds it: a plan's, from PLAN_URL_TEMPLATE when the service sets one. */
  url: string | null;
}

export interface RichTextContext {
  kind: 'richText';
  ref: string;
  display: string;
}

/** Every value has `kind` and `display` (plain text in the label language). */
export type ValueContext =
  | { kind: 'text'; text: string; display: string }
  | RichTextContext
  | { kind: 'number'; value: number; display: string }
  | { kind: 'date'; date: string; display: string }
  | { kind: 'boolean'; value: boolean; display: string }
  | { kind: 'options'; options: { value: string; label: string }[]; display: string }
  | { kind: 'tags'; tags: string[]; display: string }
  | {
      kind: 'references';
      references: ReferenceContext[];
      /** Some reference has `details` to print (layouts print these references one by one). */
      hasDetails: boolean;
      display: string;
    }
  | { kind: 'identifier'; identifier: string; type: string | null; url: string | null; display: string }
  | {
      kind: 'file';
      filename: string | null;
      mimeType: string | null;
      isImage: boolean;
      ref: string | null;
      display: string;
    }
  | {
      kind: 'entities';
      entityType: 'plan' | 'description';
      items: EntityContext[];
      display: string;
    }
  | { kind: 'contacts'; contacts: PersonContext[]; display: string }
  | { kind: 'users'; users: UserContext[]; display: string }
  | { kind: 'language'; code: string; name: string; display: string }
  | { kind: 'accessRights'; accessType: 'public' | 'restricted'; display: string }
  /** An answer left out by a `withhold` rule; `display` is the note printed in its place. */
  | { kind: 'withheld'; display: string };

export interface PlanFieldContext {
  id: string;
  ordinal: number;
  /** The blueprint label, or for unlabelled system fields the field's kind in words. */
  label: string;
  category: V.PlanFieldView['category'];
  systemFieldType: V.PlanFieldView['systemFieldType'];
  dataType: V.PlanFieldView['dataType'];
  referenceTypeCode: string | null;
  required: boolean;
  semantics: string[];
  description: string | null;
  answered: boolean;
  /** Left out by a `withhold` rule: `value` is the note. */
  withheld: boolean;
  value: ValueContext | null;
}

export interface FieldContext {
  id: string;
  ordinal: number;
  label: string | null;
  fieldType: V.FieldDefinitionView['fieldType'];
  semantics: string[];
  required: boolean;
  multipleSelect: boolean;
  answered: boolean;
  /** Left out by a `withhold` rule: `value` is the note. */
  withheld: boolean;
  value: ValueContext | null;
}

export type ColumnContext = Omit<FieldContext, 'answered' | 'value' | 'withheld'>;

export interface ItemContext {
  ordinal: number;
  /** 1-based position among the printed items. */
  number: number;
  answered: boolean;
  /** The item's printed fields (unanswered ones only with include-unanswered). */
  fields: FieldContext[];
  /** One cell per column of the fieldSet (`fieldSet.fields`), for tables; value null where empty or hidden. */
  cells: { fieldId: string; answered: boolean; value: ValueContext | null }[];
}

export interface FieldSetContext {
  id: string;
  ordinal: number;
  title: string | null;
  description: RichTextContext | null;
  extendedDescription: RichTextContext | null;
  additionalInformation: string | null;
  /** description + extendedDescription when include-guidance is on, else null. */
  guidance: RichTextContext | null;
  multiplicity: { min: number | null; max: number | null; placeholder: string | null; tableView: boolean } | null;
  /** The question repeats (numbered items, or a table when `tableView`). */
  repeats: boolean;
  tableView: boolean;
  /** The question has one field: its title can stand for the field's label. */
  singleField: boolean;
  /** The columns: the question's exported fields. */
  fields: ColumnContext[];
  items: ItemContext[];
  comment: RichTextContext | null;
  answered: boolean;
}

export interface SectionContext {
  id: string;
  ordinal: number;
  title: string | null;
  /** 1 for a page's own sections, 2 for their subsections, and so on. */
  depth: number;
  description: RichTextContext | null;
  extendedDescription: RichTextContext | null;
  guidance: RichTextContext | null;
  sections: SectionContext[];
  fieldSets: FieldSetContext[];
  answered: boolean;
}

export interface PageContext {
  id: string;
  ordinal: number;
  title: string | null;
  sections: SectionContext[];
  answered: boolean;
}

export interface DescriptionContext {
  id: string;
  title: string;
  /** 1-based position in the plan's reading order (1 in a description export). */
  number: number;
  summary: RichTextContext | null;
  tags: string[];
  status: { name: string | null; internal: string | null; label: string | null };
  createdAt: string | null;
  /** The blueprint section the description belongs to. */
  sectionId: string | null;
  sectionTitle: string | null;
  template: {
    id: string | null;
    label: string | null;
    description: string | null;
    typeName: string | null;
    version: number | null;
    language: string | null;
  };
  pages: PageContext[];
  answered: boolean;
}

export interface PlanSectionContext {
  id: string;
  ordinal: number;
  title: string;
  description: string | null;
  fields: PlanFieldContext[];
  descriptions: DescriptionContext[];
}

export interface PlanContext {
  id: string;
  title: string;
  version: number | null;
  summary: RichTextContext | null;
  language: string | null;
  languageName: string | null;
  accessType: 'public' | 'restricted' | null;
  accessTypeLabel: string | null;
  status: { name: string | null; internal: string | null; label: string | null };
  blueprint: {
    id: string | null;
    label: string | null;
    /** The blueprint's type as the planning service names it (OpenCDMP 1.3); null before. */
    type: { id: string | null; name: string | null } | null;
  };
  createdAt: string | null;
  updatedAt: string | null;
  finalizedAt: string | null;
  publicAfter: string | null;
  dois: { doi: string; url: string; repositoryId: string | null }[];
  previousDoi: string | null;
  creator: UserContext | null;
  contacts: PersonContext[];
  users: UserContext[];
  references: (ReferenceContext & { blueprintFieldId: string | null })[];
  /** The plan's references grouped by reference type code, e.g. `referencesByType.funders`. */
  referencesByType: Record<string, ReferenceContext[]>;
  sections: PlanSectionContext[];
  /** Every description of the plan, flat, in reading order (empty in a description export). */
  descriptions: DescriptionContext[];
  /**
   * Which of the plan's own facts a field of its sections shows (the blueprint's description,
   * contact and user system fields), so a cover can leave them to the sections and print them once.
   */
  shownInSections: { summary: boolean; contacts: boolean; users: boolean };
}

export interface TemplateContext {
  contextVersion: typeof CONTEXT_VERSION;
  entity: 'plan' | 'description';
  options: Omit<ExportOptions, 'pdfProfile' | 'tocLevels'> & { pageSize: 'A4' | 'Letter'; labelLanguage: string };
  language: string;
  direction: 'ltr' | 'rtl';
  labels: Labels;
  plan: PlanContext;
  /** Set in description exports. */
  description?: DescriptionContext;
}
