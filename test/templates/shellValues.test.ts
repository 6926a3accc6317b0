import { shellPlaceholderValues } from '../../src/templates/shellValues';
import { descriptionExportView, planView, reference } from '../builders/views';

describe('shellPlaceholderValues', () => {
  it('prints plan values as a reader reads them: readable roles, dates in the plan language, language names', () => {
    const values = shellPlaceholderValues(planView({ finalizedAt: new Date('2026-05-01T23:30:00Z') }), {});
    expect(values['OPENCDMP.PLAN.TITLE']).toBe('Ocean Survey');
    expect(values['OPENCDMP.PLAN.VERSION']).toBe('2');
    expect(values['OPENCDMP.PLAN.LANGUAGE']).toBe('English');
    expect(values['OPENCDMP.PLAN.ACCESS-TYPE']).toBe('Public');
    expect(values['OPENCDMP.PLAN.STATUS']).toBe('Finalized');
    expect(values['OPENCDMP.PLAN.BLUEPRINT.NAME']).toBe('Horizon Europe');
    expect(values['OPENCDMP.PLAN.CREATED-AT']).toBe('March 5, 2026');
    expect(values['OPENCDMP.PLAN.FINALIZED-AT']).toBe('May 1, 2026');
    expect(values['OPENCDMP.PLAN.CREATOR.NAME']).toBe('Maria Papadopoulou');
    expect(values['OPENCDMP.PLAN.CONTACTS']).toBe('Nikos Georgiou (nikos@example.org)');
    expect(values['OPENCDMP.PLAN.USERS']).toBe('Maria Papadopoulou, John Smith');
    expect(values['OPENCDMP.PLAN.USERS-WITH-ROLES']).toBe(
      'Maria Papadopoulou (Owner, Data steward), John Smith (Viewer)',
    );
    // The names the plugin's documentation gives.
    expect(values['OPENCDMP.PLAN.USER']).toBe(values['OPENCDMP.PLAN.USERS']);
    expect(values['OPENCDMP.PLAN.USER-WITH-ROLES']).toBe(values['OPENCDMP.PLAN.USERS-WITH-ROLES']);
  });

  it('gives rich text as blocks', () => {
    expect(shellPlaceholderValues(planView(), {})['OPENCDMP.PLAN.DESCRIPTION']).toEqual([
      {
        type: 'paragraph',
        content: [
          expect.objectContaining({ text: 'A plan for the ' }),
          expect.objectContaining({ text: 'ocean', marks: { bold: true } }),
          expect.objectContaining({ text: ' survey.' }),
        ],
      },
    ]);
  });

  it('joins the labels of each reference type under its upper-cased code', () => {
    const values = shellPlaceholderValues(planView(), {});
    expect(values['OPENCDMP.PLAN-REFERENCE.GRANTS']).toBe('Ocean observation (101000123), Coastal study');
    expect(values['OPENCDMP.PLAN-REFERENCE.FUNDERS']).toBe('European Commission');
  });

  it('prints "-" in headers and footers where the Java plugin did, and nothing in the text', () => {
    const values = shellPlaceholderValues(
      planView({ dois: [], creator: null, contacts: [], users: [], createdAt: null }),
      {},
    );
    const dash = { inBody: '', inHeaderFooter: '-' };
    expect(values['OPENCDMP.PLAN.DEPOSIT-IDENTIFIERS']).toEqual(dash);
    expect(values['OPENCDMP.PLAN.CREATOR.NAME']).toEqual(dash);
    expect(values['OPENCDMP.PLAN.CONTACTS']).toEqual(dash);
    expect(values['OPENCDMP.PLAN.USERS-WITH-ROLES']).toEqual(dash);
    expect(values['OPENCDMP.PLAN.CREATED-AT']).toBe('-');
    expect(values['OPENCDMP.PLAN.VERSION']).toBe('2');
    expect(
      shellPlaceholderValues(
        planView({
          dois: [
            { doi: '10.5281/zenodo.1', repositoryId: 'Zenodo' },
            { doi: '10.5281/zenodo.2', repositoryId: 'Zenodo' },
          ],
        }),
        {},
      )['OPENCDMP.PLAN.DEPOSIT-IDENTIFIERS'],
    ).toBe('10.5281/zenodo.1');
  });

  it('uses the label language for words and the plan language for dates', () => {
    const greek = shellPlaceholderValues(planView({ language: 'el' }), { labelLanguage: 'el' });
    expect(greek['OPENCDMP.PLAN.ACCESS-TYPE']).toBe('Δημόσιο');
    expect(greek['OPENCDMP.PLAN.LANGUAGE']).toBe('Ελληνικά');
    expect(greek['OPENCDMP.PLAN.CREATED-AT']).toBe('5 Μαρτίου 2026');
    expect(greek['OPENCDMP.PLAN.USERS-WITH-ROLES']).toContain('John Smith (Αναγνώστης)');
    // A language Intl does not know still prints a date.
    expect(shellPlaceholderValues(planView({ language: 'zz-not-a-tag' }), {})['OPENCDMP.PLAN.CREATED-AT']).toBe(
      'March 5, 2026',
    );
  });

  it('fills description placeholders in a description export, and leaves them empty in a plan export', () => {
    const values = shellPlaceholderValues(descriptionExportView(), {});
    expect(values['OPENCDMP.DESCRIPTION.TITLE']).toBe('Sea temperature readings');
    expect(values['OPENCDMP.DESCRIPTION.SECTION']).toBe('Data');
    expect(values['OPENCDMP.DESCRIPTION.TEMPLATE.NAME']).toBe('Dataset template');
    expect(values['OPENCDMP.DESCRIPTION.STATUS']).toBe('Draft');
    expect(values['OPENCDMP.DESCRIPTION.CREATED-AT']).toBe('March 6, 2026');
    expect(values['OPENCDMP.DESCRIPTION-REFERENCE.LICENSES']).toBe('CC BY 4.0');
    expect(values['OPENCDMP.PLAN.TITLE']).toBe('Ocean Survey');

    const planOnly = shellPlaceholderValues(planView({ references: [reference('licenses', 'MIT')] }), {});
    expect(planOnly['OPENCDMP.DESCRIPTION.TITLE']).toBe('');
    expect(planOnly['OPENCDMP.DESCRIPTION-REFERENCE.LICENSES']).toBeUndefined();
  });
});
