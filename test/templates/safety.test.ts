/**
 * Tenant templates are untrusted code: they reach only the plain JSON context, only our helpers,
 * and whatever HTML they print passes the document allow-list.
 */
import { allBlocks, DEFAULT_OPTIONS, httpErrorOf, planView, textOf, upload } from './support';
import { renderPlanDocument } from '../../src/templates/layout';
import { resolveTemplate } from '../../src/templates/resolve';
import { RenderGuard } from '../../src/templates/guard';
import { TemplateRenderError } from '../../src/templates/problems';

const minimal = planView('plan-minimal.json');
const renderHbs = (source: string, view = minimal) =>
  renderPlanDocument(view, resolveTemplate(upload('probe.hbs', source), 'plan-template').layout, DEFAULT_OPTIONS).document;

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
    const error = httpErrorOf(() => renderHbs('{{log plan}}'));
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

describe('render limits', () => {
  it('stops a render that takes longer than its time budget', () => {
    const guard = new RenderGuard('plan.hbs', { maxOutputChars: 1_000_000, maxPartialDepth: 20, timeBudgetMs: 0 });
    const spin = () => {
      for (let i = 0; i < 1_000; i++) guard.tick();
    };
    expect(spin).toThrow(TemplateRenderError);
    expect(spin).toThrow('the template took longer than 0 s to render');
  });
});
