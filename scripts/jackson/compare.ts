/**
 * After JacksonRead2/JacksonRead3 ran over the answers (check.sh): every answer must have been
 * read to the same values by each mapper (their `iso-*` re-encodings equal), and the 1.3 request
 * as each backend sends it (`sent-request-plan-1.3.json`: Jackson 2 instants as epoch seconds,
 * Jackson 3 as ISO-8601 strings) must decode in our service to the model the fixture decodes to.
 *   npx tsx scripts/jackson/compare.ts RESULT_DIR...   (the first is the reference)
 */
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';

const read = (dir: string, name: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));

const [reference, ...others] = process.argv.slice(2);
let failed = false;
const fixture = decodePlan(read(path.join(__dirname, '../../fixtures'), 'plan-1.3.json'));
for (const dir of [reference, ...others]) {
  for (const name of fs.readdirSync(dir).filter((f) => f.startsWith('iso-'))) {
    const same = isDeepStrictEqual(read(dir, name), read(reference, name));
    if (!same) failed = true;
    console.log(`${same ? 'same' : 'DIFFERENT'}\t${path.basename(dir)}\t${name}`);
  }
  const sent = path.join(dir, 'sent-request-plan-1.3.json');
  if (fs.existsSync(sent)) {
    const raw = read(dir, 'sent-request-plan-1.3.json');
    assertValidModel('plan', raw);
    const same = isDeepStrictEqual(decodePlan(raw), fixture);
    if (!same) failed = true;
    const instant = (raw as { createdAt: unknown }).createdAt;
    console.log(
      `${same ? 'decodes alike' : 'DECODES DIFFERENTLY'}\t${path.basename(dir)}\tsent-request-plan-1.3.json (createdAt sent as ${JSON.stringify(instant)})`,
    );
  }
}
process.exit(failed ? 1 : 0);
