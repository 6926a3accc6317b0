/**
 * What happened in a directory, as a process watching it sees it (inotify through fs.watch):
 * a file written in place shows a `change` under its own name; one written elsewhere and renamed
 * into place appears at once, with a single `rename`. Events arrive in order, so a sentinel file
 * written last tells when every earlier event has been seen: no sleeping.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface DirectoryEvent {
  type: 'rename' | 'change';
  name: string;
}

export function watchDirectory(directory: string) {
  const events: DirectoryEvent[] = [];
  let sentinelSeen: () => void = () => undefined;
  const sentinel = `zz-sentinel-${process.pid}-${Date.now()}`;
  const watcher = fs.watch(directory, (type, name) => {
    if (name === sentinel) sentinelSeen();
    else if (name) events.push({ type: type as DirectoryEvent['type'], name: String(name) });
  });
  return {
    /** Every event up to now, once the watcher has seen them all; stops watching. */
    async events(): Promise<DirectoryEvent[]> {
      const seen = new Promise<void>((resolve) => (sentinelSeen = resolve));
      fs.writeFileSync(path.join(directory, sentinel), '');
      await seen;
      watcher.close();
      fs.rmSync(path.join(directory, sentinel));
      return events;
    },
  };
}
