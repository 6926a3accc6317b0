/**
 * What the record points at: related objects (answered ones, then the plan's own DOIs as its
 * output management plan and the DOIs of the datasets, publications and grants the blueprint
 * references), related RAiDs, alternate identifiers (answered, else the blueprint's projects) and
 * alternate URLs.
 */
import type { ReferenceView } from '../../../plan/types';
import { doiOf, objectIdOf, raidIdOf, webUrlOf } from '../identifiers';
import type { RaidRelatedObject, RaidRelatedRaid, VocabularyRef } from '../model';
import {
  RELATED_OBJECT_CATEGORY,
  RELATED_OBJECT_SCHEMA_URIS,
  RELATED_OBJECT_TYPE,
  RELATED_RAID_TYPE,
  termOf,
} from '../vocabulary';
import type { Mapping } from './mapping';
import { blueprintReferences } from './people';
import { candidatesOf, quotedValue, referenceSpellings } from './values';
import { lookupTable } from '../../../lookup';

const objectType = (label: string): VocabularyRef => ({
  id: termOf(RELATED_OBJECT_TYPE, [label])!.id,
  schemaUri: RELATED_OBJECT_TYPE.schemaUri,
});
const objectCategory = (label: string): VocabularyRef => ({
  id: termOf(RELATED_OBJECT_CATEGORY, [label])!.id,
  schemaUri: RELATED_OBJECT_CATEGORY.schemaUri,
});

/** What a blueprint reference with a DOI is to the project, by its reference type. */
const REFERENCE_OBJECTS: Readonly<Record<string, { type: string; category: string }>> = lookupTable({
  datasets: { type: 'Dataset', category: 'Output' },
  publications: { type: 'Text', category: 'Output' },
  grants: { type: 'Funding', category: 'Input' },
});

export function recordRelatedObjects(mapping: Mapping): RaidRelatedObject[] {
  const objects: RaidRelatedObject[] = [];
  for (const entry of mapping.answers.entries.relatedObject) {
    const idAnswer = entry.answers('id')[0];
    const id = idAnswer
      ? candidatesOf(idAnswer.value)
          .map(objectIdOf)
          .find((o) => o !== null)
      : null;
    const problems: string[] = [];
    if (!id)
      problems.push(
        idAnswer
          ? `${quotedValue(idAnswer.value)} is no identifier RAiD takes for a related object (a DOI, handle, ARK, ISBN, RRID or archive.org snapshot; raid.relatedObject.id)`
          : 'it has no identifier (raid.relatedObject.id)',
      );
    const schemeAnswer = entry.answers('schemaUri')[0];
    mapping.checkSchemaUri(schemeAnswer, RELATED_OBJECT_SCHEMA_URIS, 'raid.relatedObject.schemaUri');
    mapping.checkSchemaUri(
      entry.answers('type.schemaUri')[0],
      RELATED_OBJECT_TYPE.schemaUri,
      'raid.relatedObject.type.schemaUri',
    );
    mapping.checkSchemaUri(
      entry.answers('category.schemaUri')[0],
      RELATED_OBJECT_CATEGORY.schemaUri,
      'raid.relatedObject.category.schemaUri',
    );
    const type = mapping.term(RELATED_OBJECT_TYPE, entry.answers('type.id')[0], 'raid.relatedObject.type.id');
    if (!type) problems.push('it has no type RAiD knows (raid.relatedObject.type.id)');
    const category = mapping.terms(
      RELATED_OBJECT_CATEGORY,
      entry.answers('category.id'),
      'raid.relatedObject.category.id',
    );
    if (category.length === 0)
      problems.push('it is not said to be an input, output or internal document (raid.relatedObject.category.id)');
    if (problems.length > 0 || !id || !type) {
      mapping.problem(entry.source, `This related object cannot go into RAiD: ${problems.join('; ')}.`);
      continue;
    }
    if (!objects.some((o) => o.id === id.id)) objects.push({ id: id.id, schemaUri: id.schemaUri, type, category });
  }
  const addDoi = (doi: string | null, type: string, category: string) => {
    if (doi && !objects.some((o) => o.id === doi))
      objects.push({
        id: doi,
        schemaUri: 'https://doi.org/',
        type: objectType(type),
        category: [objectCategory(category)],
      });
  };
  // The plan's own DOIs: the plan, deposited, is the project's output management plan.
  for (const { doi } of mapping.plan.dois) addDoi(doiOf(doi), 'Output Management Plan', 'Output');
  for (const reference of blueprintReferences(mapping)) {
    const kind = REFERENCE_OBJECTS[reference.typeCode ?? ''];
    if (kind) addDoi(doiOfReference(reference), kind.type, kind.category);
  }
  return objects;
}

const doiOfReference = (reference: ReferenceView): string | null =>
  referenceSpellings(reference)
    .map(doiOf)
    .find((doi) => doi !== null) ?? null;

export function recordRelatedRaids(mapping: Mapping): RaidRelatedRaid[] {
  const raids: RaidRelatedRaid[] = [];
  for (const entry of mapping.answers.entries.relatedRaid) {
    const idAnswer = entry.answers('id')[0];
    const id = idAnswer
      ? candidatesOf(idAnswer.value)
          .map(raidIdOf)
          .find((r) => r !== null)
      : null;
    mapping.checkSchemaUri(
      entry.answers('type.schemaUri')[0],
      RELATED_RAID_TYPE.schemaUri,
      'raid.relatedRaid.type.schemaUri',
    );
    const type = mapping.term(RELATED_RAID_TYPE, entry.answers('type.id')[0], 'raid.relatedRaid.type.id');
    if (!id || !type) {
      mapping.problem(
        entry.source,
        !id
          ? `${idAnswer ? `${quotedValue(idAnswer.value)} is not a RAiD name` : 'This related RAiD has no RAiD name'} (raid.relatedRaid.id).`
          : 'This related RAiD needs its relation (Continues, IsPartOf, …; raid.relatedRaid.type.id).',
      );
      continue;
    }
    if (!raids.some((r) => r.id === id)) raids.push({ id, type });
  }
  return raids;
}

export function recordAlternateIdentifiers(mapping: Mapping): { id: string; type: string }[] {
  const identifiers: { id: string; type: string }[] = [];
  const entries = mapping.answers.entries.alternateIdentifier;
  for (const entry of entries) {
    const id = mapping.entryText(entry, 'id');
    const type = mapping.entryText(entry, 'type');
    if (!id || !type) {
      mapping.problem(
        entry.source,
        `This alternate identifier needs ${id ? 'its type, in words (raid.alternateIdentifier.type)' : 'the identifier itself (raid.alternateIdentifier.id)'}.`,
      );
      continue;
    }
    if (!identifiers.some((i) => i.id === id.text)) identifiers.push({ id: id.text, type: type.text });
  }
  if (entries.length === 0) {
    // The project the plan is for, by the identifier its catalogue gives it.
    for (const reference of blueprintReferences(mapping)) {
      const id = reference.reference?.trim();
      if (reference.typeCode !== 'projects' || !id || identifiers.some((i) => i.id === id)) continue;
      identifiers.push({ id, type: `Project identifier${reference.source ? ` (${reference.source})` : ''}` });
    }
  }
  return identifiers;
}

export function recordAlternateUrls(mapping: Mapping): { url: string }[] {
  const urls: { url: string }[] = [];
  for (const entry of mapping.answers.entries.alternateUrl) {
    const answer = entry.answers('url')[0];
    const url = answer
      ? candidatesOf(answer.value)
          .map(webUrlOf)
          .find((u) => u !== null)
      : null;
    if (!url) {
      mapping.problem(
        entry.source,
        `${answer ? quotedValue(answer.value) : '""'} is not a web address (raid.alternateUrl.url).`,
      );
      continue;
    }
    if (!urls.some((u) => u.url === url)) urls.push({ url });
  }
  return urls;
}
