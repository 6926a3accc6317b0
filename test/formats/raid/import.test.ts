/**
 * RAiD import: a RAiD record (as the RAiD API answers it, or as our export writes it) becomes a
 * plan whose blueprint fields with `raid.*` semantics hold its identifier, dates, access, a title
 * and a description; the plan is public exactly when the record is open access. Identifier,
 * dates and access survive export -> import -> export unchanged.
 */
import { importPlan, preprocessPlan } from '../../../src/formats/raid/import/RaidImporter';
import { ORGANISATIONS, RAID_BLUEPRINT_FIELDS as B, RAID_FIXTURE as F } from '../../../fixtures/raid/build';
import { keySetProblems } from '../../helpers/wireKeys';
import { envelope, exportRaid, raidPlanWire, raidRecord, thrown } from '../../builders/raid';

type Wire = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const importBody = (record: unknown, plan: Wire = raidPlanWire()) => ({
  blueprintModel: plan.planBlueprint,
  descriptions: [],
  file: envelope(record),
});

const valueOf = (answer: Wire, fieldId: string) =>
  (answer.properties.planBlueprintValues as Wire[]).find((v) => v.fieldId === fieldId);

const day = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

describe('RAiD import', () => {
  it('preprocesses a record into the plan title and no descriptions (a RAiD has no datasets)', () => {
    expect(preprocessPlan(envelope(raidRecord()))).toEqual({
      label: 'Seagrass carbon stocks',
      preprocessingDescriptionModels: [],
    });
  });

  it('imports a RAiD API record into the blueprint’s raid.* fields, as an exact 1.2.0 PlanModel', () => {
    const answer = importPlan(importBody(raidRecord())) as Wire;
    expect(keySetProblems(answer)).toEqual([]);
    expect(answer.label).toBe('Seagrass carbon stocks');
    expect(answer.description).toBe(
      '<p>Measures carbon stored in seagrass meadows.</p><p>Samples are taken every season.</p>',
    );
    expect(answer.language).toBe('en');
    // Embargoed: not open access, so the plan is restricted.
    expect(answer.accessType).toBe(1);
    expect(valueOf(answer, B.raidId)).toMatchObject({ value: 'https://raid.org/10.82841/5e6f7a8b' });
    expect(valueOf(answer, B.agency)).toMatchObject({ value: `https://ror.org/${ORGANISATIONS.ardc.ror}` });
    expect(valueOf(answer, B.owner)).toMatchObject({ value: `https://ror.org/${ORGANISATIONS.qut.ror}` });
    expect(valueOf(answer, B.servicePoint)).toMatchObject({ numberValue: 20000001 });
    expect(valueOf(answer, B.version)).toMatchObject({ numberValue: 7 });
    expect(valueOf(answer, B.license)).toMatchObject({ value: 'Creative Commons CC-0' });
    expect(day(valueOf(answer, B.start)!.dateValue)).toBe('2023-02-01');
    expect(day(valueOf(answer, B.end)!.dateValue)).toBe('2026-01-01');
    expect(valueOf(answer, B.accessType)).toMatchObject({
      value: 'https://vocabularies.coar-repositories.org/access_rights/c_f1cf/',
    });
    expect(valueOf(answer, B.accessStatement)).toMatchObject({
      value: '<p>Embargoed until the first paper is out.</p>',
    });
    // The record's other title (pre-1.6 "Alternative" IRI) goes to the blueprint's short-title field.
    expect(valueOf(answer, B.shortTitle)).toMatchObject({ value: 'Blue carbon in Moreton Bay' });
    expect(answer.descriptions).toEqual([]);
    expect(answer.references).toEqual([]);
  });

  it('makes the plan public exactly when the record is open access', () => {
    const open = raidRecord();
    open.access = {
      type: {
        id: 'https://vocabularies.coar-repositories.org/access_rights/c_abf2/',
        schemaUri: 'https://vocabularies.coar-repositories.org/access_rights/',
      },
    };
    expect((importPlan(importBody(open)) as Wire).accessType).toBe(0);
    const none = raidRecord();
    delete none.access;
    expect((importPlan(importBody(none)) as Wire).accessType).toBe(1);
  });

  it('keeps identifier, dates and access through export, import and export again', () => {
    const first = exportRaid(raidPlanWire()).document;
    const answer = importPlan(importBody(first)) as Wire;
    const again = raidPlanWire();
    again.properties.planBlueprintValues = answer.properties.planBlueprintValues;
    const second = exportRaid(again).document;
    expect(second.identifier).toEqual(first.identifier);
    expect(second.date).toEqual(first.date);
    expect(second.access).toEqual(first.access);
    expect(second.title.slice(0, 2)).toEqual(first.title.slice(0, 2));
    expect(answer.accessType).toBe(0);
    expect(answer.label).toBe(F.title);
  });

  it('answers a file that is not RAiD, or not JSON, with a 400 naming the problem', () => {
    const notRaid = thrown(() => preprocessPlan(envelope({ dmp: { title: 'An RDA plan' } })));
    expect(notRaid.kind).toBe('bad-request');
    expect(notRaid.message).toMatch(/not RAiD metadata/);
    expect(thrown(() => preprocessPlan(envelope('{oops'))).message).toMatch(/not JSON/);
    expect(
      thrown(() =>
        importPlan({
          ...importBody(raidRecord()),
          descriptions: [{ id: 'x', sectionId: null, descriptionTemplate: null, file: null }],
        }),
      ).kind,
    ).toBe('bad-request');
  });
});
