import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

describe('PROFILE_WORKERS', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'profile-workers-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes one CPU profile per task, named by the task, and passes the result through', async () => {
    process.env.PROFILE_WORKERS = dir;
    let profiled!: typeof import('../../src/service/workerProfile').profiled;
    jest.isolateModules(() => {
      ({ profiled } = require('../../src/service/workerProfile') as typeof import('../../src/service/workerProfile'));
    });
    delete process.env.PROFILE_WORKERS;
    const busy = async () => {
      let sum = 0;
      for (let i = 0; i < 2e5; i++) sum += Math.sqrt(i);
      return sum;
    };
    expect(await profiled('export-plan-docx', busy)).toBeGreaterThan(0);
    await expect(profiled('export-plan-pdf', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const files = fs.readdirSync(dir).sort();
    expect(files).toEqual([
      expect.stringMatching(/^worker-\d+-001-export-plan-docx\.cpuprofile$/),
      expect.stringMatching(/^worker-\d+-002-export-plan-pdf\.cpuprofile$/),
    ]);
    const profile = JSON.parse(fs.readFileSync(path.join(dir, files[0]), 'utf8')) as {
      nodes: unknown[];
      samples: number[];
      timeDeltas: number[];
    };
    expect(profile.nodes.length).toBeGreaterThan(0);
    expect(profile.samples.length).toBe(profile.timeDeltas.length);
  });
});
