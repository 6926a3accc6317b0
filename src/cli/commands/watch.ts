/**
 * `watch`: render now, then again whenever the template (or the plan) changes. chokidar does the
 * watching: it follows files that editors replace (write a temp file, rename it over the
 * original), new and deleted files in a bundle folder, and renames. Editors save in bursts (write,
 * rename, touch), so changes are gathered for a moment before rendering; a change during a render
 * queues exactly one more. Every line starts with the time; errors are printed and watching goes
 * on. The plan's own warnings (what it warns about with any template) are printed when they first
 * show and when they change, not on every save.
 */
import path from 'node:path';
import chokidar, { type FSWatcher } from 'chokidar';
import { renderToFile, type RenderOptions } from './render';
import { printOutcome } from './report';

const DEBOUNCE_MS = 150;

export type WatchOptions = RenderOptions & { template: string };

export interface Watcher {
  /** Stops watching; a render under way finishes. */
  close(): void;
  /** Settles when watching stopped: false when closed, true when watching failed. */
  closed: Promise<boolean>;
  /** Settles once the watcher has scanned its paths and reports changes; the first render follows. */
  ready: Promise<void>;
}

/** Hidden files inside the template folder (editor swap and temp files, .git) are not part of the template. */
function hiddenInside(folder: string) {
  return (file: string) => {
    const relative = path.relative(folder, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return false;
    return relative.split(path.sep).some((segment) => segment.startsWith('.'));
  };
}

const clock = () => new Date().toTimeString().slice(0, 8);

/** "[10:42:07] ": what every line of watch starts with. */
export const timePrefix = () => `[${clock()}] `;

export function watchTemplate(options: WatchOptions): Watcher {
  let timer: NodeJS.Timeout | undefined;
  let rendering = false;
  let again = false;
  let stopped = false;
  /** The plan's own warnings as last printed. */
  let planWarningsShown: string | null = null;
  let settle: (failed: boolean) => void = () => {};
  const closed = new Promise<boolean>((resolve) => (settle = resolve));

  const render = async () => {
    if (rendering) {
      again = true;
      return;
    }
    rendering = true;
    const outcome = await renderToFile(options);
    const planWarnings = outcome.planWarnings.join('\n');
    printOutcome(outcome, {
      prefix: timePrefix(),
      plan: options.plan,
      planWarnings: outcome.result !== null && planWarnings !== planWarningsShown,
    });
    if (outcome.result) planWarningsShown = planWarnings;
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

  const template = path.resolve(options.template);
  const watcher: FSWatcher = chokidar.watch([template, path.resolve(options.plan)], {
    ignoreInitial: true,
    ignored: hiddenInside(template),
    // Merges an editor's unlink + add of the same file into one change.
    atomic: true,
  });
  watcher.on('all', () => {
    if (!stopped) schedule();
  });
  watcher.on('error', (error) => {
    console.error(`${timePrefix()}error: stopped watching: ${(error as Error).message}`);
    close(true);
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  const close = (failed = false) => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    void watcher.close().then(() => settle(failed));
  };

  // The first render once changes are being reported: a save after its line is never missed.
  void ready.then(() => {
    if (!stopped) void render();
  });
  return { close: () => close(), closed, ready };
}
