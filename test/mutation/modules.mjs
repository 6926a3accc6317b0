// The modules under mutation testing: the source each one mutates and the Jest tests that must
// catch those mutants. Tests that reach a module only through the worker threads cannot kill its
// mutants (the threads load the code without Stryker's switch), so each lists its direct tests.
const HTML_TESTS = [
  'test/document/html/html.test.ts',
  'test/document/html/limits.test.ts',
  'test/document/html/sanitising.test.ts',
  'test/document/html/allowList.test.ts',
  'test/document/html/allowListEdges.test.ts',
  'test/document/html/htmlEdges.test.ts',
  'test/document/html/tableEdges.test.ts',
  'test/document/html/flowEdges.test.ts',
];

/** @type {Record<string, { mutate: string[]; tests: string[] }>} */
export const MODULES = {
  planView: { mutate: ['src/plan/buildPlanView.ts'], tests: ['test/plan/*.test.ts'] },
  // The HTML reader in two halves, each a practical run: passes 0-1 (characters, the allow-list) and 2 (tree -> blocks).
  // The allow-list's own tests; limits.test.ts (seconds of hostile input per run) guards pass 2.
  htmlSanitising: {
    mutate: ['src/document/html/characters.ts', 'src/document/html/allowList.ts', 'src/document/html/sanitize.ts'],
    tests: [
      'test/document/html/html.test.ts',
      'test/document/html/sanitising.test.ts',
      'test/document/html/allowList.test.ts',
      'test/document/html/allowListEdges.test.ts',
    ],
  },
  htmlParsing: {
    mutate: [
      'src/document/html/index.ts',
      'src/document/html/context.ts',
      'src/document/html/walker.ts',
      'src/document/html/attributes.ts',
      'src/document/html/table.ts',
      'src/document/html/flow.ts',
    ],
    tests: HTML_TESTS,
  },
  // tokens.test.ts holds the scope, role, clock-tolerance and key-rotation cases.
  auth: {
    mutate: ['src/http/auth.ts'],
    tests: [
      'test/http/auth.test.ts',
      'test/http/authFailures.test.ts',
      'test/http/authTokens.test.ts',
      'test/http/authAnswers.test.ts',
      'test/hostile/tokens.test.ts',
    ],
  },
  sharedStorage: { mutate: ['src/storage/sharedStorage.ts'], tests: ['test/storage/*.test.ts'] },
  // ShellTemplate.test.ts is left out: its LibreOffice check would run for every mutant.
  wordText: { mutate: ['src/formats/docx/shell/wordText.ts'], tests: ['test/formats/docx/wordText.test.ts'] },
  // The RDA exporter and importer are too big for one sitting on a shared 2-core machine: each
  // module takes the files where a silent bug does most harm (what the maDMP says, what an import
  // puts into a plan).
  rdaMapping: {
    mutate: [
      'src/formats/rda/export/RdaMapper.ts',
      'src/formats/rda/export/people.ts',
      'src/formats/rda/export/projects.ts',
      'src/formats/rda/export/costs.ts',
      'src/formats/rda/export/ethics.ts',
      'src/formats/rda/export/DatasetMapper.ts',
      'src/formats/rda/export/distributions.ts',
    ],
    tests: [
      'test/formats/rda/export.test.ts',
      'test/formats/rda/visibility.test.ts',
      'test/formats/rda/versions.test.ts',
      'test/formats/rda/fidelity.test.ts',
      'test/formats/rda/distributions.test.ts',
      'test/formats/rda/datasetMapping.test.ts',
      'test/formats/rda/projectsAndCosts.test.ts',
      'test/formats/rda/planMapping.test.ts',
    ],
  },
  rdaImport: {
    mutate: ['src/formats/rda/import/readRda.ts', 'src/formats/rda/import/importValues.ts'],
    tests: [
      'test/formats/rda/import.test.ts',
      'test/formats/rda/fidelity.test.ts',
      'test/formats/rda/readRda.test.ts',
      'test/formats/rda/importValues.test.ts',
    ],
  },
};
