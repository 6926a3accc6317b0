/**
 * RDA exports run in the worker pool, like DOCX and PDF: EXPORT_TIMEOUT_MS can stop them (a
 * synchronous export on the main thread cannot be interrupted), and the event loop stays free.
 */
import { statusOf } from '../../src/http/errors';
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { ExportService } from '../../src/service/exportService';
import { rdaExporter } from '../../src/service/formats';
import { exportPlanToRda } from '../../src/formats/rda/export/export';
import { silentLogger } from '../../src/logger';
import { CONTEXT, fixture, rejected } from '../builders/rda';

const raw = fixture('plan-full.json');
assertValidModel('plan', raw);
const plan = decodePlan(raw);

describe('RDA export in the worker pool', () => {
  const service = new ExportService({ workers: 1, timeoutMs: 60_000, memoryMb: 1024, logger: silentLogger() });
  afterAll(() => service.close());

  it('gives the same maDMP as an export on this thread', async () => {
    const result = await service.run(rdaExporter, 'plan', plan, CONTEXT);
    const inProcess = exportPlanToRda(plan, CONTEXT);
    expect(JSON.parse(new TextDecoder().decode(result.bytes))).toEqual(inProcess.document);
    expect(result.warnings).toEqual(inProcess.warnings);
  }, 60_000);

  it('is held to the export deadline: past it the answer is a 503, not a late file', async () => {
    const hurried = new ExportService({ workers: 1, timeoutMs: 1, memoryMb: 1024, logger: silentLogger() });
    try {
      const error = await rejected(() => hurried.run(rdaExporter, 'plan', plan, CONTEXT));
      expect([statusOf(error), error.message]).toEqual([503, expect.stringContaining('EXPORT_TIMEOUT_MS')]);
    } finally {
      await hurried.close();
    }
  }, 60_000);
});
