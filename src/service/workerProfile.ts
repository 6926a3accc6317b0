/**
 * PROFILE_WORKERS=<dir>: each task of an export thread is CPU-profiled and written there as
 * `worker-<thread>-<n>-<label>.cpuprofile` (bench/profileSummary.ts reads them). `--cpu-prof`
 * cannot do this: the pool terminates its threads, and a terminated thread writes no profile.
 * Off (the default), a task runs as is.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

const directory = process.env.PROFILE_WORKERS?.trim() || null;
let session: Session | null = null;
let written = 0;

export async function profiled<T>(label: string, task: () => Promise<T>): Promise<T> {
  if (!directory) return task();
  if (!session) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    fs.mkdirSync(directory, { recursive: true });
  }
  await session.post('Profiler.start');
  try {
    return await task();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    const file = `worker-${threadId}-${String(++written).padStart(3, '0')}-${label.replace(/[^\w.-]+/g, '_')}.cpuprofile`;
    fs.writeFileSync(path.join(directory, file), JSON.stringify(profile));
  }
}
