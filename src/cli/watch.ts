/**
 * `watch`: render now, then again whenever the template (or the plan) changes. Editors save in
 * bursts (write, rename, touch), so changes are gathered for a moment before rendering; a change
 * during a render queues exactly one more. Render errors are printed and watching goes on.
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderToFile, type RenderOptions } from './render';

const DEBOUNCE_MS = 150;

export type WatchOptions = RenderOptions & { template: string };

export interface Watcher {
  /** Stops watching; a render under way finishes. */
  close(): void;
  /** Settles when watching stopped: false when closed, true when a watched folder failed (went away). */
  closed: Promise<boolean>;
}

interface WatchedPath {
  /** What fs.watch observes: the folder itself, or a file's parent folder (editors replace files). */
  folder: string;
  recursive: boolean;
  /** Which names inside `folder` matter. */
  matters(name: string): boolean;
}

function watchedPaths(options: WatchOptions): WatchedPath[] {
  const file = (target: string): WatchedPath => ({
    folder: path.dirname(path.resolve(target)),
    recursive: false,
    matters: (name) => name === path.basename(target),
  });
  const template = path.resolve(options.template);
  return [
    fs.statSync(template).isDirectory()
      ? {
          folder: template,
          recursive: true,
          // Hidden files (editor swap files, .git) are not part of the template.
          matters: (name: string) => !name.split(/[\\/]/).some((s) => s.startsWith('.')),
        }
      : file(options.template),
    file(options.plan),
  ];
}

export function watchTemplate(options: WatchOptions): Watcher {
  let timer: NodeJS.Timeout | undefined;
  let rendering = false;
  let again = false;
  let stopped = false;
  let settle: (failed: boolean) => void = () => {};
  const closed = new Promise<boolean>((resolve) => (settle = resolve));

  const render = async () => {
    if (rendering) {
      again = true;
      return;
    }
    rendering = true;
    console.log(`[${new Date().toTimeString().slice(0, 8)}] rendering…`);
    await renderToFile(options);
    rendering = false;
    if (again && !stopped) {
      again = false;
      schedule();
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void render(), DEBOUNCE_MS);
  };

  const watchers = watchedPaths(options).map((watched) =>
    fs
      .watch(watched.folder, { recursive: watched.recursive }, (_event, name) => {
        if (!stopped && (name === null || watched.matters(name.toString()))) schedule();
      })
      .on('error', (error) => {
        console.error(`error: stopped watching ${watched.folder}: ${error.message}`);
        close(true);
      }),
  );
  const close = (failed = false) => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
    settle(failed);
  };

  void render();
  return { close: () => close(), closed };
}
