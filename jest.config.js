/** @type {import('jest').Config} */
// Some dependencies (jose, htmlparser2, unpdf, iso-639-3) ship ESM only. Node runs them natively in
// production (require(esm)); under Jest's CommonJS runtime, swc compiles them to CommonJS.
const esmOnly = [
  'jose',
  'htmlparser2',
  'domhandler',
  'domutils',
  'dom-serializer',
  'domelementtype',
  'entities',
  'unpdf',
  'pixelmatch',
  'iso-639-3',
];
// The unified ecosystem (HTML and Markdown exports) is ESM only, in many small packages.
const unified = [
  'hast-util-[a-z-]+',
  'mdast-util-[a-z-]+',
  'micromark[a-z-]*',
  'unist-util-[a-z-]+',
  'vfile[a-z-]*',
  '@ungap/structured-clone',
  'ccount',
  'character-entities[a-z0-9-]*',
  'comma-separated-tokens',
  'decode-named-character-reference',
  'devlop',
  'html-void-elements',
  'longest-streak',
  'markdown-table',
  'property-information',
  'space-separated-tokens',
  'stringify-entities',
  'trim-lines',
  'zwitch',
  'escape-string-regexp',
];
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'commonjs' } },
];
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|m?j)s$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${[...esmOnly, ...unified].join('|')})/)`],
  testTimeout: 30000,
  // Two test files at a time even on two cores: many wait on child processes (LibreOffice, Java,
  // Chromium, the CLI), so the suite takes three quarters of the time it takes one file at a time.
  maxWorkers: 2,
};
