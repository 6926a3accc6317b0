/**
 * Child process of the hostile suite's load test: posts `count` bodies of `mb` MB at once (in its
 * own process, so their sending does not disturb the latency measured by the parent) and prints
 * each answer's status and time as one JSON line.
 */
import { generatePlanJson } from '../../fixtures/generate';

async function main() {
  const [base, token, mbArg, countArg] = process.argv.slice(2);
  const mb = Number(mbArg);
  const count = Number(countArg);
  // ~41 KB of request per generated description.
  const body = generatePlanJson(Math.round((mb * 1024) / 41));
  const started = Date.now();
  const results = await Promise.all(
    Array.from({ length: count }, async () => {
      const res = await fetch(`${base}/api/file-transformer/export/plan?format=json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      const text = await res.text();
      return { status: res.status, ms: Date.now() - started, error: res.ok ? undefined : text.slice(0, 200) };
    }),
  );
  process.stdout.write(`${JSON.stringify({ bodyMb: Math.round((body.length / 1048576) * 10) / 10, results })}\n`);
}

void main();
