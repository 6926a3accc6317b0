// Typst as a whole process, for the peer bench (bench/peers.ts): loads the compiler
// (@myriaddreamin/typst-ts-node-compiler) and the fonts, compiles one markup file, writes the PDF.
//   node bench/typstCompile.js <main.typ> <fonts dir> <out.pdf>
// Plain JavaScript, so the process pays Node's start-up and the compiler's loading, no TypeScript.
const fs = require('node:fs');
const path = require('node:path');
const { NodeCompiler } = require('@myriaddreamin/typst-ts-node-compiler');

const [main, fonts, out] = process.argv.slice(2);
const compiler = NodeCompiler.create({ workspace: path.dirname(main), fontArgs: [{ fontPaths: [fonts] }] });
const compiled = compiler.compile({ mainFilePath: main });
if (compiled.hasError()) {
  compiled.printErrors();
  process.exit(1);
}
fs.writeFileSync(out, compiler.pdf(compiled.result));
