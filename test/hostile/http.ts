/** A real listening service (startServer, port 0) and raw-socket requests, for hostile-input tests. */
import net, { type AddressInfo } from 'node:net';
import { startServer } from '../../src/server';

export async function listeningService(env: Record<string, string> = {}) {
  const started = await startServer({
    PORT: '0',
    LOG_LEVEL: 'error',
    AUTH_DISABLED: 'true',
    EXPORT_WORKERS: '1',
    ...env,
  });
  const port = (started.server.address() as AddressInfo).port;
  return { ...started, port, base: `http://127.0.0.1:${port}` };
}

export interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** The connection ended by a reset instead of a close after the answer. */
  reset: boolean;
}

/**
 * Sends `head` and then `body` (unless the server answers first) and reads the answer: what a
 * client that lies about its Content-Length or headers sees.
 */
export function rawRequest(
  port: number,
  head: string,
  body: Buffer | string = '',
  timeoutMs = 10_000,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let reset = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') reset = true;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const [headers, ...rest] = received.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(headers)?.[1] ?? 0),
        headers,
        body: rest.join('\r\n\r\n'),
        reset,
      });
    });
    socket.write(head);
    if (body.length > 0) socket.write(body, () => undefined);
    // Ask the server to close once it answered (a keep-alive socket would stay open).
    socket.on('data', () => {
      if (/\r\n\r\n/.test(received)) socket.end();
    });
  });
}

/**
 * Resolves once the service at `base` holds at least `bytes` of request bodies (its
 * `request_body_bytes_in_flight` gauge): the body has reached the service, whatever the machine's
 * speed. Rejects after `timeoutMs`.
 */
export async function bodyBytesHeld(base: string, bytes: number, timeoutMs = 10_000): Promise<void> {
  const give = Date.now() + timeoutMs;
  for (;;) {
    const metrics = await (await fetch(`${base}/metrics`)).text();
    const held = Number(/^request_body_bytes_in_flight (\S+)$/m.exec(metrics)?.[1] ?? 0);
    if (held >= bytes) return;
    if (Date.now() > give) throw new Error(`the service never held ${bytes} body bytes (last: ${held})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
