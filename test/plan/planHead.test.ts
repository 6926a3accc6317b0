/**
 * The plan's own facts as a reader sees them: members grouped with their roles in a fixed
 * order and their e-mail, contact names, a title or description the editor left blank, DOIs.
 * plan-full, one thing changed at a time.
 */
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { buildPlanView } from '../../src/plan/buildPlanView';
import type { PlanView } from '../../src/plan/types';
import { fixtureJson } from '../builders/fixtures';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Wire = any;

function planAfter(change: (raw: Wire) => void = () => undefined): PlanView {
  const raw = fixtureJson('plan-full.json');
  change(raw);
  assertValidModel('plan', raw);
  return buildPlanView(decodePlan(raw), { transformerId: 'dmp-file-transformer' });
}

const ELENI = 'a97a2485-0005-5b8a-8ba7-db082b7bb971';

describe('plan members', () => {
  let plain: PlanView;
  let eleni: PlanView['users'][number];
  // Per test, so mutation testing can tell which tests reach which code.
  beforeEach(() => {
    plain = planAfter();
    eleni = plain.users.find((u) => u.id === ELENI)!;
  });

  it('lists each member once with all their roles, and gives the creator the same roles', () => {
    expect(plain.users.filter((u) => u.id === ELENI)).toHaveLength(1);
    expect(eleni.roles.length).toBeGreaterThan(1);
    expect(eleni.email).toBe('eleni.papadopoulou@example.org');
    expect(plain.creator).toEqual({
      id: ELENI,
      name: 'Eleni Papadopoulou',
      email: 'eleni.papadopoulou@example.org',
      roles: eleni.roles,
    });
  });

  it('orders roles the same way whatever order the payload lists them in', () => {
    const reversed = planAfter((raw) => raw.users.reverse());
    expect(reversed.users.find((u) => u.id === ELENI)!.roles).toEqual(eleni.roles);
  });

  it('takes the e-mail from the first contact typed e-mail that has a value', () => {
    const view = planAfter((raw) => {
      for (const member of raw.users.filter((m: Wire) => m.user.id === ELENI)) {
        const [email] = member.user.contacts;
        member.user.contacts = [{ ...email, type: null, value: 'untyped@example.org' }, { ...email, value: '' }, email];
      }
    });
    expect(view.users.find((u) => u.id === ELENI)!.email).toBe('eleni.papadopoulou@example.org');
  });

  it('gives the creator no roles when not a member', () => {
    const view = planAfter((raw) => (raw.users = raw.users.filter((m: Wire) => m.user.id !== ELENI)));
    expect(view.creator).toMatchObject({ id: ELENI, roles: [] });
  });
});

describe('plan facts', () => {
  it('names contacts by first and last name, by either alone, or not at all', () => {
    const view = planAfter((raw) => {
      raw.properties.contacts = [
        { firstName: 'Eleni', lastName: 'Papadopoulou', email: 'e@example.org' },
        { firstName: 'Omar', lastName: null, email: 'o@example.org' },
        { firstName: null, lastName: null, email: 'x@example.org' },
      ];
    });
    expect(view.contacts.map((c) => c.name)).toEqual(['Eleni Papadopoulou', 'Omar', null]);
  });

  it('falls back to the plan id for a blank title, and trims a title', () => {
    expect(planAfter((raw) => (raw.label = '   ')).title).toBe(fixtureJson('plan-full.json').id);
    expect(planAfter((raw) => (raw.label = '  Reef plan ')).title).toBe('Reef plan');
  });

  it('treats an emptied description as none', () => {
    expect(planAfter((raw) => (raw.description = '<p><br></p>')).descriptionHtml).toBeNull();
    expect(planAfter().descriptionHtml).toContain('observatory');
  });

  it('keeps only DOIs that have a value', () => {
    const view = planAfter((raw) => raw.entityDois.push({ ...raw.entityDois[0], id: 'd9', doi: null }));
    expect(view.dois).toEqual([{ doi: '10.5281/zenodo.14567890', repositoryId: 'Zenodo' }]);
  });
});
