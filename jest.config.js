/** @type {import('jest').Config} */
// Some dependencies (jose, htmlparser2, unpdf) ship ESM only. Node runs them natively in
// production (require(esm)); under Jest's CommonJS runtime, swc compiles them to CommonJS.
const esmOnly = ['jose', 'htmlparser2', 'domhandler', 'domutils', 'dom-serializer', 'domelementtype', 'entities', 'unpdf'];
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'commonjs' } }];
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.(t|m?j)s$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  testTimeout: 30000,
};
