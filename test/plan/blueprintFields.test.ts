/**
 * The plan's own questions (blueprint fields) as the reader sees them, and where descriptions go:
 * a system field with nothing behind it is unanswered, a reference field lists only the
 * references picked for it, an upload with neither bytes nor a name is no answer, another
 * plugin's configuration is not ours, and a description whose section the blueprint lacks is
 * still printed, in a section after the last.
 */
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { buildPlanView } from '../../src/plan/buildPlanView';
import type { PlanFieldView, PlanView } from '../../src/plan/types';
import { fixtureJson } from '../builders/fixtures';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Wire = any;

function planAfter(change: (raw: Wire) => void = () => undefined): PlanView {
  const raw = fixtureJson('plan-full.json');
  change(raw);
  assertValidModel('plan', raw);
  return buildPlanView(decodePlan(raw), { transformerId: 'dmp-file-transformer' });
}

const fieldLabelled = (view: PlanView, label: string): PlanFieldView =>
  view.sections.flatMap((s) => s.fields).find((f) => f.label === label)!;
const referenceLabels = (field: PlanFieldView) =>
  field.value?.kind === 'references' ? field.value.references.map((r) => r.label) : null;

describe('system fields of the blueprint', () => {
  it('names each contact person by first and last name, either alone, or not at all', () => {
    const view = planAfter((raw) => {
      raw.properties.contacts = [
        { firstName: 'Eleni', lastName: 'Papadopoulou', email: 'e@example.org' },
        { firstName: null, lastName: 'Haddad', email: 'o@example.org' },
        { firstName: null, lastName: null, email: 'x@example.org' },
      ];
    });
    const contacts = fieldLabelled(view, 'Contact persons');
    expect(contacts.value).toMatchObject({ kind: 'contacts' });
    expect(
      (contacts.value as Extract<PlanFieldView['value'], { kind: 'contacts' }>).contacts.map((c) => [c.name, c.email]),
    ).toEqual([
      ['Eleni Papadopoulou', 'e@example.org'],
      ['Haddad', 'o@example.org'],
      [null, 'x@example.org'],
    ]);
  });

  it('leaves the contact and member fields unanswered when the plan has none', () => {
    const full = planAfter();
    expect(fieldLabelled(full, 'Contact persons')).toMatchObject({ answered: true });
    expect(fieldLabelled(full, 'Plan members')).toMatchObject({ answered: true });
    const bare = planAfter((raw) => {
      raw.properties.contacts = [];
      raw.users = [];
    });
    expect(fieldLabelled(bare, 'Contact persons')).toMatchObject({ answered: false, value: null });
    expect(fieldLabelled(bare, 'Plan members')).toMatchObject({ answered: false, value: null });
  });
});

describe('reference fields of the blueprint', () => {
  it('list only the references picked for that field, and none is unanswered', () => {
    const full = planAfter();
    expect(referenceLabels(fieldLabelled(full, 'Funder'))).toEqual(['European Commission']);
    const grant = referenceLabels(fieldLabelled(full, 'Grant'))!;
    expect(grant.length).toBeGreaterThan(0);
    expect(grant).not.toContain('European Commission');

    const withoutFunder = planAfter(
      (raw) => (raw.references = raw.references.filter((r: Wire) => r.reference.label !== 'European Commission')),
    );
    expect(fieldLabelled(withoutFunder, 'Funder')).toMatchObject({ answered: false, value: null });
    expect(referenceLabels(fieldLabelled(withoutFunder, 'Grant'))).toEqual(grant);
  });

  it('skip a reference entry that carries no reference', () => {
    const view = planAfter((raw) =>
      raw.references.push({
        id: 'f0000000-0000-4000-8000-000000000001',
        reference: null,
        data: { blueprintFieldId: raw.references[0].data.blueprintFieldId },
      }),
    );
    expect(view.references).toHaveLength(fixtureJson('plan-full.json').references.length);
  });
});

describe('upload fields', () => {
  const logo = (raw: Wire) => raw.properties.planBlueprintValues.find((v: Wire) => v.file);

  it('show a file known by its name or its bytes, and count one with neither as unanswered', () => {
    expect(fieldLabelled(planAfter(), 'Observatory logo').value).toMatchObject({
      kind: 'file',
      file: { filename: 'coastal-observatory-logo.png', isImage: true },
    });
    const nameOnly = planAfter((raw) => Object.assign(logo(raw).file, { file: null }));
    expect(fieldLabelled(nameOnly, 'Observatory logo').value).toMatchObject({
      kind: 'file',
      file: { filename: 'coastal-observatory-logo.png', bytes: null },
    });
    const neither = planAfter((raw) => Object.assign(logo(raw).file, { file: null, filename: null }));
    expect(fieldLabelled(neither, 'Observatory logo')).toMatchObject({ answered: false, value: null });
  });
});

describe('configuration and orphaned descriptions', () => {
  it("reads only this transformer's configuration, not another plugin's", () => {
    const view = planAfter((raw) => {
      raw.planBlueprint.definition.plugins = [
        { code: 'another-transformer', fields: [{ code: 'logoText', textValue: 'NOT-OURS', file: null }] },
        { code: 'dmp-file-transformer', fields: [{ code: 'footer', textValue: 'Ours', file: null }] },
      ];
    });
    expect(view.configuration).toEqual({ footer: { text: 'Ours', file: null } });
  });

  it('prints a description whose section the blueprint lacks in an untitled section after the last', () => {
    const view = planAfter(
      (raw) =>
        (raw.descriptions.find((d: Wire) => d.label === 'Community interviews').sectionId =
          'f0000000-0000-4000-8000-00000000abcd'),
    );
    const last = view.sections.at(-1)!;
    const lastOrdinal = Math.max(...view.sections.slice(0, -1).map((s) => s.ordinal));
    expect(last).toMatchObject({ id: '', label: null, description: null, fields: [], ordinal: lastOrdinal + 1 });
    expect(last.fields).toEqual([]);
    expect(last.descriptions.map((d) => d.title)).toEqual(['Community interviews']);
    expect(
      view.sections
        .slice(0, -1)
        .flatMap((s) => s.descriptions)
        .map((d) => d.title),
    ).not.toContain('Community interviews');
  });
});
