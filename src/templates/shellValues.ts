/**
 * What each placeholder of a Word shell template prints, as OpenCDMP's Java docx plugin printed it
 * (same codes, same joins, "-" where it printed one), with readable words instead of enum names and
 * dates in the plan's language.
 */
import { htmlToBlocks } from '../document/html';
import { NOTHING_IN_HEADER_FOOTER, type ShellValue } from '../document/placeholders';
import type { Block } from '../document/types';
import type {
  ContactView,
  DescriptionExportView,
  DescriptionView,
  PlanUserView,
  PlanView,
  ReferenceView,
  SectionView,
} from '../plan/types';
import { formatDate, languageName } from './format';
import { labelsFor, roleLabel, type Labels } from './labels';

const isDescriptionExport = (view: PlanView | DescriptionExportView): view is DescriptionExportView =>
  'plan' in view && 'description' in view;

/** Placeholder key without delimiters ("OPENCDMP.PLAN.TITLE") -> value, for every placeholder we know. */
export function shellPlaceholderValues(
  view: PlanView | DescriptionExportView,
  options: { labelLanguage?: string },
): Record<string, ShellValue> {
  const plan = isDescriptionExport(view) ? view.plan : view;
  const description = isDescriptionExport(view) ? view.description : null;
  const language = plan.language || 'en';
  const labels = labelsFor(options.labelLanguage || language);
  const date = (value: Date | null) => (value ? formatDate(value, 'long', language) : NOTHING_IN_HEADER_FOOTER);
  const orDash = (text: string): ShellValue => (text ? text : { inBody: '', inHeaderFooter: NOTHING_IN_HEADER_FOOTER });

  const values: Record<string, ShellValue> = {
    'OPENCDMP.PLAN.ID': plan.id,
    'OPENCDMP.PLAN.VERSION': plan.version === null ? '' : String(plan.version),
    'OPENCDMP.PLAN.TITLE': plan.title,
    'OPENCDMP.PLAN.DESCRIPTION': richText(plan.descriptionHtml),
    'OPENCDMP.PLAN.LANGUAGE': plan.language ? languageName(plan.language, options.labelLanguage || language) : '',
    'OPENCDMP.PLAN.ACCESS-TYPE':
      plan.accessType === 'public'
        ? labels.accessPublic
        : plan.accessType === 'restricted'
          ? labels.accessRestricted
          : '',
    'OPENCDMP.PLAN.STATUS': statusName(plan.status, labels),
    'OPENCDMP.PLAN.BLUEPRINT.NAME': plan.blueprint.label ?? '',
    'OPENCDMP.PLAN.CREATED-AT': date(plan.createdAt),
    'OPENCDMP.PLAN.UPDATED-AT': date(plan.updatedAt),
    'OPENCDMP.PLAN.FINALIZED-AT': date(plan.finalizedAt),
    'OPENCDMP.PLAN.DEPOSIT-IDENTIFIERS': orDash(plan.dois[0]?.doi ?? ''),
    'OPENCDMP.PLAN.CREATOR.NAME': orDash(plan.creator ? personName(plan.creator) : ''),
    'OPENCDMP.PLAN.CONTACTS': orDash(plan.contacts.map(contactText).filter(Boolean).join(', ')),
    'OPENCDMP.PLAN.USERS': orDash(plan.users.map(personName).filter(Boolean).join(', ')),
    'OPENCDMP.PLAN.USERS-WITH-ROLES': orDash(
      plan.users
        .map((user) => userWithRoles(user, labels))
        .filter(Boolean)
        .join(', '),
    ),
    ...referenceValues('OPENCDMP.PLAN-REFERENCE.', plan.references),
    'OPENCDMP.DESCRIPTION.ID': description?.id ?? '',
    'OPENCDMP.DESCRIPTION.TITLE': description?.title ?? '',
    'OPENCDMP.DESCRIPTION.DESCRIPTION': description ? richText(description.descriptionHtml) : '',
    'OPENCDMP.DESCRIPTION.STATUS': description ? statusName(description.status, labels) : '',
    'OPENCDMP.DESCRIPTION.SECTION': description ? sectionLabel(plan, description) : '',
    'OPENCDMP.DESCRIPTION.TEMPLATE.NAME': description?.template.label ?? '',
    'OPENCDMP.DESCRIPTION.CREATED-AT': date(description?.createdAt ?? null),
    ...(description ? referenceValues('OPENCDMP.DESCRIPTION-REFERENCE.', descriptionReferences(description)) : {}),
  };
  // The plugin's documentation names these; its code used the plural.
  values['OPENCDMP.PLAN.USER'] = values['OPENCDMP.PLAN.USERS'];
  values['OPENCDMP.PLAN.USER-WITH-ROLES'] = values['OPENCDMP.PLAN.USERS-WITH-ROLES'];
  return values;
}

function richText(html: string | null): string | Block[] {
  if (!html || !html.trim()) return '';
  const blocks = htmlToBlocks(html);
  return blocks.length > 0 ? blocks : '';
}

function statusName(status: { name: string | null; internal: string | null }, labels: Labels): string {
  if (status.name) return status.name;
  if (status.internal === 'draft') return labels.statusDraft;
  if (status.internal === 'finalized') return labels.statusFinalized;
  if (status.internal === 'canceled') return labels.statusCanceled;
  return '';
}

const personName = (person: { name: string | null; email: string | null }): string =>
  person.name?.trim() || person.email?.trim() || '';

function contactText(contact: ContactView): string {
  const name = contact.name?.trim() || [contact.firstName, contact.lastName].filter((part) => part?.trim()).join(' ');
  const email = contact.email?.trim();
  if (name && email) return `${name} (${email})`;
  return name || email || '';
}

function userWithRoles(user: PlanUserView, labels: Labels): string {
  const name = personName(user);
  if (!name) return '';
  const roles = user.roles.map((role) => roleLabel(labels, role));
  return roles.length > 0 ? `${name} (${roles.join(', ')})` : name;
}

/** One value per reference type: the labels of its references, comma-joined. Type codes are upper-cased. */
function referenceValues(prefix: string, references: readonly ReferenceView[]): Record<string, string> {
  const byType = new Map<string, string[]>();
  for (const reference of references) {
    if (!reference.typeCode) continue;
    const key = prefix + reference.typeCode.toUpperCase();
    const labels = byType.get(key) ?? [];
    if (!labels.includes(reference.label)) labels.push(reference.label);
    byType.set(key, labels);
  }
  return Object.fromEntries([...byType].map(([key, labels]) => [key, labels.join(', ')]));
}

function descriptionReferences(description: DescriptionView): ReferenceView[] {
  const references: ReferenceView[] = [];
  const visit = (section: SectionView) => {
    for (const fieldSet of section.fieldSets) {
      for (const item of fieldSet.items) {
        for (const field of item.fields) {
          if (field.value?.kind === 'references') references.push(...field.value.references);
        }
      }
    }
    section.sections.forEach(visit);
  };
  for (const page of description.pages) page.sections.forEach(visit);
  return references;
}

function sectionLabel(plan: PlanView, description: DescriptionView): string {
  if (!description.sectionId) return '';
  return plan.sections.find((section) => section.id === description.sectionId)?.label ?? '';
}
