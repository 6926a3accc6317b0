/**
 * Tenant templates are untrusted code: they reach only the plain JSON context, only our helpers,
 * and whatever HTML they print passes the document allow-list.
 */
import {
  allBlocks,
  DEFAULT_OPTIONS,
  serviceErrorOf,
  paragraphsWithStyle,
  planView,
  textOf,
  upload,
} from '../builders/templates';
import { defaultLayout } from '../../src/templates/compile';
import { renderPlanDocument } from '../../src/templates/layout';
import { resolveTemplate } from '../../src/templates/resolve';
import { RenderGuard } from '../../src/templates/guard';
import { TemplateRenderError } from '../../src/templates/problems';

const minimal = planView('plan-minimal.json');
const full = planView('plan-full.json');
const renderWithWarnings = (source: string, view = minimal) =>
  renderPlanDocument(view, resolveTemplate(upload('probe.hbs', source), 'plan-template').layout, DEFAULT_OPTIONS);
const renderHbs = (source: string, view = minimal) => renderWithWarnings(source, view).document;

describe('prototype access', () => {
  const probes = [
    '{{constructor.constructor}}',
    '{{__proto__}}',
    '{{this.[__proto__]}}',
    '{{lookup this "constructor"}}',
    '{{lookup (lookup this "constructor") "name"}}',
    '{{#with constructor}}{{name}}{{/with}}',
    '{{plan.title.constructor.name}}',
    '{{plan.title.length.constructor}}',
    '{{#each (lookup plan "__proto__")}}{{@key}}{{/each}}',
    '{{join plan.sections "," key="constructor"}}',
    '{{join plan.sections "," key="__proto__"}}',
    '{{len (lookup plan "__proto__")}}',
    '{{labels.toString}}',
    '{{#each labels.__proto__}}{{@key}}{{/each}}',
    '{{lookup labels "__defineGetter__"}}',
  ];

  it.each(probes)('%s prints nothing that comes from a prototype', (probe) => {
    const text = textOf(renderHbs(`<p>[${probe}]</p>`));
    expect(text).toMatch(/^\[0?\]$/);
  });

  it('has no log helper', () => {
    const error = serviceErrorOf(() => renderHbs('{{log plan}}'));
    expect(error.details[0].message).toBe('the log helper is not available in layout templates');
  });
});

describe('markup from context strings', () => {
  const hostileTitle =
    '<b>Bold</b><script>SCRIPT-alert(1)</script><img src="https://tracker.example/x.png"><a href="javascript:alert(1)">link</a>';

  it('is escaped by {{double}} stashes: the reader sees the characters', () => {
    const text = textOf(renderHbs('<p>{{plan.title}}</p>', { ...minimal, title: hostileTitle }));
    expect(text).toBe(hostileTitle);
  });

  it('passes the allow-list when a template prints it raw with {{{triple}}} stashes', () => {
    const document = renderHbs('<p>{{{plan.title}}}</p>', { ...minimal, title: hostileTitle });
    expect(textOf(document)).toBe('Boldlink');
    expect(JSON.stringify(document.blocks)).not.toMatch(/SCRIPT-|tracker\.example|javascript:/);
    expect(allBlocks(document.blocks).some((b) => b.type === 'image')).toBe(false);
  });
});

describe('placeholders in plan text', () => {
  // Before refs were drawn per render, these named the plan summary (r1) and the first upload (f1).
  const forged =
    'T<dmp-blocks ref="r1"></dmp-blocks><dmp-blocks ref="r1.subtitle"></dmp-blocks><img src="ref:f1" width="5000">';

  it('splice nothing when a template prints the plan text raw', () => {
    const summary = textOf(renderHbs('{{richText plan.summary}}', full));
    expect(summary).toContain('seagrass');
    const { document, warnings } = renderWithWarnings('<p>{{{plan.title}}}</p>', { ...full, title: forged });
    expect(textOf(document)).toBe('T');
    expect(allBlocks(document.blocks).some((b) => b.type === 'image')).toBe(false);
    expect(warnings).toEqual(
      expect.arrayContaining([expect.stringContaining('Nothing to insert for <dmp-blocks ref="r1">')]),
    );
  });

  it('restyle an answer only as richText does (caption, note); any other suffix is ignored with a warning', () => {
    const { document, warnings } = renderWithWarnings(
      '<dmp-blocks ref="{{plan.summary.ref}}.constructor"></dmp-blocks><dmp-blocks ref="{{plan.summary.ref}}.caption"></dmp-blocks>',
      full,
    );
    const [unstyled, caption] = document.blocks;
    expect(unstyled).toMatchObject({ type: 'paragraph' });
    expect(unstyled).not.toHaveProperty('style');
    expect(caption).toMatchObject({ type: 'paragraph', style: 'caption' });
    expect(paragraphsWithStyle(document, 'constructor')).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('"constructor" is not a style richText writes')]);
  });
});

describe('reference types named like Object properties', () => {
  const codes = ['constructor', '__proto__', 'hasOwnProperty'];
  const view = {
    ...full,
    references: full.references.map((r, index) => (index < codes.length ? { ...r, typeCode: codes[index] } : r)),
  };

  it('are groups like any other in plan.referencesByType', () => {
    const text = textOf(
      renderHbs(
        '{{#each plan.referencesByType}}<p>{{@key}}={{len this}}</p>{{/each}}<p>[{{plan.referencesByType}}]</p>',
        view,
      ),
    );
    expect(text.split('\n')).toEqual([
      'constructor=1',
      '__proto__=1',
      'hasOwnProperty=1',
      'researchers=2',
      'organisations=1',
      'licenses=1',
      '[[object Object]]',
    ]);
  });

  it('do not break the built-in layout', () => {
    expect(textOf(renderPlanDocument(view, defaultLayout(), DEFAULT_OPTIONS).document)).toContain(
      'European Commission',
    );
  });
});

describe('render limits', () => {
  it('stops a render that takes longer than its time budget', () => {
    const guard = new RenderGuard('plan.hbs', { maxOutputChars: 1_000_000, maxPartialDepth: 20, timeBudgetMs: 0 });
    const spin = () => {
      for (let i = 0; i < 1_000; i++) guard.tick();
    };
    expect(spin).toThrow(TemplateRenderError);
    expect(spin).toThrow('the template takes longer than 0 s to render (LAYOUT_TIMEOUT_MS)');
  });
});
