/**
 * The real server (`src/server.ts` through tsx) in a child process, as `npm start` runs it:
 * its own Node realm, its own signals. Resolves once it logs `listening`, with its port and the
 * JSON log lines it writes.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

export interface ServerProcess {
  port: number;
  base: string;
  child: ChildProcessWithoutNullStreams;
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
  /** Resolves with the first log line `matches` accepts, now or later. */
  logLine(matches: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '../..');

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', 'src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', EXPORT_WORKERS: '1', NODE_ENV: 'test', ...env },
  });
  const logs: Record<string, unknown>[] = [];
  const waiting: {
    matches: (line: Record<string, unknown>) => boolean;
    resolve: (line: Record<string, unknown>) => void;
  }[] = [];
  let stderr = '';
  let buffered = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const complete = buffered.split('\n');
    buffered = complete.pop()!;
    for (const text of complete) {
      if (!text.trim()) continue;
      const line = JSON.parse(text) as Record<string, unknown>;
      logs.push(line);
      for (const waiter of waiting.filter((w) => w.matches(line))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const logLine = (matches: (line: Record<string, unknown>) => boolean) => {
    const found = logs.find(matches);
    return found
      ? Promise.resolve(found)
      : new Promise<Record<string, unknown>>((resolve) => waiting.push({ matches, resolve }));
  };
  const listening = await Promise.race([
    logLine((line) => line.message === 'listening'),
    exited.then((code) => Promise.reject(new Error(`server exited with ${code} before listening: ${stderr}`))),
  ]);
  const port = listening.port as number;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    logs,
    exited,
    logLine,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
