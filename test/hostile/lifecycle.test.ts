/**
 * Faults say what they are, and shutdown does not wait on slow clients: the service refuses to
 * start on an unusable SHARED_STORAGE_DIR, answers a storage fault with 503 naming its cause,
 * and on SIGTERM answers a client still sending its body with 503 and exits 0 at once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../src/server';
import { fixtureText } from '../builders/fixtures';
import { bodyBytesHeld, listeningService } from './http';

describe('shared storage faults', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses to start when SHARED_STORAGE_DIR is missing or not a directory', async () => {
    await expect(
      startServer({ PORT: '0', AUTH_DISABLED: 'true', SHARED_STORAGE_DIR: path.join(dir, 'absent') }),
    ).rejects.toThrow(/SHARED_STORAGE_DIR ".*absent" does not exist/);
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, '');
    await expect(startServer({ PORT: '0', AUTH_DISABLED: 'true', SHARED_STORAGE_DIR: file })).rejects.toThrow(
      /is not a directory/,
    );
  });

  it('answers 503 naming the cause when the storage goes away after the start', async () => {
    const storage = path.join(dir, 'transformer');
    fs.mkdirSync(storage);
    const service = await listeningService({ SHARED_STORAGE_DIR: storage });
    try {
      fs.rmSync(storage, { recursive: true });
      const res = await fetch(`${service.base}/api/file-transformer/export/plan?format=json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: fixtureText('plan-minimal.json'),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        code: 503,
        error: 'The export could not be stored: the shared storage directory is missing (ENOENT).',
        details: [{ path: 'SHARED_STORAGE_DIR', message: 'the shared storage directory is missing (ENOENT)' }],
      });
    } finally {
      await service.stop();
    }
  });
});

describe('shutdown with a slow client', () => {
  it('answers a body still arriving with 503 on SIGTERM and exits 0 without waiting for it', async () => {
    const root = path.resolve(__dirname, '../..');
    const child = spawn(process.execPath, ['--require', 'tsx/cjs', 'src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        AUTH_DISABLED: 'true',
        EXPORT_WORKERS: '1',
        EXPORT_TIMEOUT_MS: '600000',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /"message":"listening","port":(\d+)/.exec(output);
        if (match) {
          clearInterval(timer);
          resolve(Number(match[1]));
        }
      }, 50);
      void exited.then((code) => reject(new Error(`server exited early with ${code}`)));
    });
    // Declares 1 MB, sends a few bytes, then stalls: it would hold a naive drain for 10 minutes.
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.write(
      'POST /api/file-transformer/export/plan?format=json HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n{"id":',
    );
    await bodyBytesHeld(`http://127.0.0.1:${port}`, 1048576);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The process is gone, so the connection closes once the answer is in.
    if (!socket.closed) await new Promise((resolve) => socket.once('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 503/);
    expect(answer).toMatch(/Retry-After: 5/i);
    expect(answer).toMatch(/shutting down/);
  });
});
