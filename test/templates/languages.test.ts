/**
 * Document labels in OpenCDMP's eleven UI languages plus French: each language renders the plan
 * with its own words, its dates written the way Intl writes them, and `lang` set; a layout's
 * manifest can override any label.
 */
import { decodePlan } from '../../src/contract/decode';
import { htmlExporter } from '../../src/service/formats';
import { LABEL_LANGUAGES, labelsFor } from '../../src/templates/labels';
import { fixtureJson } from '../builders/fixtures';
import { zip } from '../builders/templates';

/** "Yes" per language, from the translators' tables, as a reader would check it. OpenCDMP codes where they differ. */
const LANGUAGES: { code: string; iso: string; yes: string; notAnswered: string }[] = [
  { code: 'baq', iso: 'eu', yes: 'Bai', notAnswered: 'Erantzun gabe' },
  { code: 'de', iso: 'de', yes: 'Ja', notAnswered: 'Nicht beantwortet' },
  { code: 'en', iso: 'en', yes: 'Yes', notAnswered: 'Not answered' },
  { code: 'es', iso: 'es', yes: 'Sí', notAnswered: 'Sin respuesta' },
  { code: 'gr', iso: 'el', yes: 'Ναι', notAnswered: 'Δεν απαντήθηκε' },
  { code: 'hr', iso: 'hr', yes: 'Da', notAnswered: 'Bez odgovora' },
  { code: 'pl', iso: 'pl', yes: 'Tak', notAnswered: 'Brak odpowiedzi' },
  { code: 'pt', iso: 'pt', yes: 'Sim', notAnswered: 'Sem resposta' },
  { code: 'sk', iso: 'sk', yes: 'Áno', notAnswered: 'Bez odpovede' },
  { code: 'sr', iso: 'sr', yes: 'Da', notAnswered: 'Bez odgovora' },
  { code: 'tr', iso: 'tr', yes: 'Evet', notAnswered: 'Yanıtlanmadı' },
  { code: 'fr', iso: 'fr', yes: 'Oui', notAnswered: 'Sans réponse' },
];

function planIn(language: string) {
  const raw = fixtureJson('plan-full.json');
  raw.planBlueprint.definition.plugins = [
    {
      code: 'dmp-file-transformer',
      type: 0,
      fields: [
        { code: 'label-language', textValue: language, file: null },
        { code: 'include-unanswered', textValue: 'true', file: null },
      ],
    },
  ];
  return decodePlan(raw);
}

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes).replace(/&#x27;/g, "'");

describe('document labels', () => {
  it('cover every OpenCDMP UI language and French, each table complete', () => {
    expect([...LABEL_LANGUAGES].sort()).toEqual(LANGUAGES.map((l) => l.iso).sort());
    const english = labelsFor('en');
    for (const { iso } of LANGUAGES.filter((l) => l.iso !== 'en')) {
      const labels = labelsFor(iso);
      // Every label of the language's own (DOI is DOI everywhere; other words must be translated).
      const untranslated = Object.entries(labels).filter(
        ([key, text]) =>
          text === english[key as keyof typeof english] &&
          ![
            'doi',
            'status',
            'version',
            'grant',
            'project',
            'contact',
            'contacts',
            'no',
            'descriptions',
            'description',
            'comment',
            'accessPublic',
            'roleReviewer',
            'finalized',
            'statusFinalized',
            'planWithId',
            'descriptionWithId',
          ].includes(key),
      );
      expect({ iso, untranslated }).toEqual({ iso, untranslated: [] });
    }
  });

  it.each(LANGUAGES)('render in $code: its words, its dates, lang="$iso"', async ({ code, iso, yes, notAnswered }) => {
    const plan = planIn(code);
    const html = decode((await htmlExporter.exportPlan(plan, { transformerId: 'dmp-file-transformer' })).bytes);
    expect(html).toContain(`<html lang="${iso}"`);
    expect(html).toContain(notAnswered);
    expect(html).toContain(yes);
    const labels = labelsFor(iso);
    expect(html).toContain(labels.created);
    expect(html).toContain(labels.contents);
    // Serbian labels are in Latin script, so are its dates.
    const created = new Intl.DateTimeFormat(iso === 'sr' ? 'sr-Latn' : iso, {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(plan.createdAt!);
    expect(html).toContain(created);
    if (iso !== 'en')
      expect(created).not.toBe(
        new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(plan.createdAt!),
      );
  });

  it('can be overridden by a layout template, per language', async () => {
    const template = zip({
      'template.json': JSON.stringify({
        name: 'Relabelled',
        version: '1.0.0',
        labels: { notAnswered: { en: 'No answer given', de: 'Keine Angabe' }, contents: 'Overview' },
      }),
    });
    const context = {
      transformerId: 'dmp-file-transformer',
      templateOverride: { filename: 'relabelled.zip', bytes: template },
    };
    const german = decode((await htmlExporter.exportPlan(planIn('de'), context)).bytes);
    expect(german).toContain('Keine Angabe');
    expect(german).not.toContain('Nicht beantwortet');
    expect(german).toContain('Overview');
    const english = decode((await htmlExporter.exportPlan(planIn('en'), context)).bytes);
    expect(english).toContain('No answer given');
  });

  it('refuse an override of a label that does not exist, naming it', async () => {
    const template = zip({
      'template.json': JSON.stringify({ name: 'Typo', version: '1.0.0', labels: { notAnsewred: 'x' } }),
    });
    const context = {
      transformerId: 'dmp-file-transformer',
      templateOverride: { filename: 'typo.zip', bytes: template },
    };
    await expect(htmlExporter.exportPlan(planIn('en'), context)).rejects.toMatchObject({
      kind: 'bad-request',
      message: expect.stringContaining('/labels/notAnsewred'),
    });
  });
});
