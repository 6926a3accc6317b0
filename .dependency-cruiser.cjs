// The layer rule (docs/development/architecture.md), checked by `npm run lint`: a module imports
// from its own folder or from the layers below it; no cycles; formats and templates are
// siblings, and no format imports another.
//
// From the top down:
//   server.ts, cli/   entry points
//   http/             express app, routes, auth, body limits, preview pages; the only place that knows HTTP statuses
//   service/          format registry, export service, worker pool
//   pipeline/         plan -> layout -> document model -> writer; limits, compliance, export options
//   formats/<id>/ | templates/   one folder per format | layouts: default, Handlebars, context
//   document/         the document model, the HTML reader, export options
//   plan/             the plan view (+ withhold)
//   contract/         wire models, decode, encode, validate
//   errors.ts, config.ts, logger.ts, paths.ts, lru.ts, lookup.ts, zip.ts, storage/   the foundation
const LAYERS = [
  ['entry', '^src/(server[.]ts$|cli/)'],
  ['http', '^src/http/'],
  ['service', '^src/service/'],
  ['pipeline', '^src/pipeline/'],
  ['formats and templates', '^src/(formats|templates)/'],
  ['document', '^src/document/'],
  ['plan', '^src/plan/'],
  ['contract', '^src/contract/'],
  ['foundation', '^src/((errors|config|logger|paths|lru|lookup|zip)[.]ts$|storage/)'],
];

/** Each layer may not import any layer above it. */
const upward = LAYERS.slice(1).map(([name, path], index) => ({
  name: `no-upward-import-from-${name.replace(/ /g, '-')}`,
  comment: `${name} sits below ${LAYERS.slice(0, index + 1)
    .map(([above]) => above)
    .join(', ')}: it may not import them (docs/development/architecture.md).`,
  severity: 'error',
  from: { path },
  to: { path: LAYERS.slice(0, index + 1).map(([, above]) => above) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle of imports: every module on it depends on all the others. Move the shared part down a layer.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...upward,
    {
      name: 'formats-and-templates-are-siblings',
      comment: 'Formats write documents, templates lay them out: what both need lives below them (document/, plan/).',
      severity: 'error',
      from: { path: '^src/formats/' },
      to: { path: '^src/templates/' },
    },
    {
      name: 'templates-and-formats-are-siblings',
      comment: 'Formats write documents, templates lay them out: what both need lives below them (document/, plan/).',
      severity: 'error',
      from: { path: '^src/templates/' },
      to: { path: '^src/formats/' },
    },
    {
      name: 'no-format-imports-another',
      comment:
        'A format is one folder: what two formats share lives in formats/types.ts or below; the pipeline combines them.',
      severity: 'error',
      from: { path: '^src/formats/([^/]+)/' },
      to: { path: '^src/formats/', pathNot: ['^src/formats/$1/', '^src/formats/types[.]ts$'] },
    },
    {
      name: 'formats-root-is-types-only',
      comment: 'formats/types.ts is what every format shares; it may not depend on one of them.',
      severity: 'error',
      from: { path: '^src/formats/[^/]+[.]ts$' },
      to: { path: '^src/formats/[^/]+/' },
    },
    {
      name: 'no-unresolvable-import',
      comment: 'An import that does not resolve to a file.',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.build.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
