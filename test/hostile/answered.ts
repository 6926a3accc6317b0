/**
 * The hostile tests' verdict on one answer of the worker's request function: a file, or a refusal
 * a user can act on (a 4xx kind whose details each name a path). A 5xx kind here is a bug: the
 * assertion shows its stack.
 */
import type { runRequest } from '../../src/service/worker';

type Result = Awaited<ReturnType<typeof runRequest>>;

export function assertAnswered(result: Result): void {
  if (result.ok) {
    expect(result.bytes.length).toBeGreaterThan(0);
    return;
  }
  expect({ kind: result.error.kind, internal: result.internal }).toEqual({
    kind: expect.any(String),
    internal: undefined,
  });
  expect(['internal', 'unavailable', 'storage-full']).not.toContain(result.error.kind);
  expect(result.error.details.length).toBeGreaterThan(0);
  for (const detail of result.error.details) expect(typeof detail.path).toBe('string');
}
