// Mutation testing (StrykerJS), one module at a time: `npm run test:mutation -- <module>`
// (see scripts/mutation.mjs). Each module names the source it mutates and the Jest tests that
// must catch those mutants, so a run stays practical on a small shared machine.
import { MODULES } from './test/mutation/modules.mjs';

const name = process.env.MUTATION_MODULE;
const module = MODULES[name];
if (!module) throw new Error(`Set MUTATION_MODULE to one of: ${Object.keys(MODULES).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'jest',
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: module.mutate,
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.js',
    config: { testMatch: module.tests.map((glob) => `<rootDir>/${glob}`) },
    enableFindRelatedTests: false,
  },
  coverageAnalysis: 'perTest',
  // Two shared cores: one test process and one type checker.
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  // A rerun only tests mutants in code or tests that changed. The results stay on this machine
  // (reports/ is not committed): megabytes of churn per run are no use to the others merging.
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  // One sandbox folder per module, so two modules can run at once without one cleaning up the other's.
  tempDirName: `.stryker-tmp-${name}`,
  cleanTempDir: true,
  ignorePatterns: ['dist', 'reports', 'coverage', 'bench/out', '.cache', '.tools', '.stryker-tmp*'],
  // Added to each mutant's normal test time (x1.5): a mutant that loops forever costs this much, and the
  // HTML and RDA modules have many (loop bounds); 4 s is far above any single test here.
  timeoutMS: Number(process.env.MUTATION_TIMEOUT_MS ?? 4000),
  thresholds: { high: 90, low: 80, break: null },
};
