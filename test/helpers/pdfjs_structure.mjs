// pdf.js's view of a tagged PDF, as Firefox hands it to assistive technology: each page's
// structure tree (getStructTree) and the text of each marked-content id (getTextContent).
//   node test/helpers/pdfjs_structure.mjs FILE.pdf  ->  {"trees": [...], "text": {"<id>": "..."}}
// A separate process: pdf.js is ESM-only and loads itself with a dynamic import Jest cannot run.
import { readFileSync } from 'node:fs';
import { getDocumentProxy } from 'unpdf';

const pdf = await getDocumentProxy(new Uint8Array(readFileSync(process.argv[2])));
const trees = [];
const text = {};
for (let number = 1; number <= pdf.numPages; number++) {
  const page = await pdf.getPage(number);
  trees.push(await page.getStructTree());
  let current = null;
  for (const item of (await page.getTextContent({ includeMarkedContent: true })).items) {
    if (item.type === 'beginMarkedContentProps' && item.id) current = item.id;
    else if (item.type === 'endMarkedContent') current = null;
    else if (current && item.str !== undefined) text[current] = (text[current] ?? '') + item.str;
  }
}
process.stdout.write(JSON.stringify({ trees, text }));
