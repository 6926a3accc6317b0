#!/usr/bin/env node
/**
 * dmp-transform: the template designer's command line. Renders saved plans with a template,
 * checks templates, re-renders on every save, and scaffolds new templates; offline, through the
 * same exporters as the service, so what it shows is what the planning service will get.
 */
import path from 'node:path';
import { Command, Option } from 'commander';
import { checkTemplate, printReport, SAMPLE_PLANS } from './commands/check';
import { contextFor, contextPaths, formatPaths } from './commands/data';
import { CliError } from './commands/diagnostics';
import { FORMATS, describeFailure, renderToFile } from './commands/render';
import { printFailure, printOutcome } from './commands/report';
import { initTemplate, writeFixtures } from './commands/scaffold';
import { TemplateInput } from './commands/templateInput';
import { startStudio } from './studio/server';
import { timePrefix, watchTemplate } from './commands/watch';

/**
 * `npm run dmp-transform -- init x` runs the command in the package root; the designer means the
 * folder they typed it in, which npm passes as INIT_CWD. Every path is theirs, so start there.
 */
if (process.env.npm_lifecycle_event === 'dmp-transform' && process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

const DEFAULT_FORMAT = 'pdf';
const DEFAULT_STUDIO_PORT = 8400;

/** --format, else the extension of --out when it names a format, else PDF. */
function formatOf(options: { format?: string; out?: string }): string {
  if (options.format) return options.format;
  const extension = options.out ? path.extname(options.out).slice(1).toLowerCase() : '';
  return FORMATS.includes(extension) ? extension : DEFAULT_FORMAT;
}

/** The JSON formats' outputs end in .json, named for what they hold, so they never overwrite the plan itself. */
const JSON_SUFFIX = new Map([
  ['json', 'rda.json'],
  ['raid', 'raid.json'],
]);

/** plan-full.json -> plan-full.pdf (plan-full.rda.json, plan-full.raid.json), in the current directory. */
const defaultOut = (plan: string, format: string) =>
  `${path.basename(plan, path.extname(plan))}.${JSON_SUFFIX.get(format) ?? format}`;

/** Runs a command; its number is the exit code. Failures print to stderr and exit 1. */
function run<A extends unknown[]>(action: (...args: A) => Promise<number> | number) {
  return async (...args: A) => {
    try {
      process.exitCode = await action(...args);
    } catch (error) {
      if (error instanceof CliError) console.error(`error: ${error.message}`);
      else printFailure(describeFailure(error, { planPath: '', template: null }));
      process.exitCode = 1;
    }
  };
}

const formatOption = () =>
  new Option(
    '-f, --format <format>',
    `output format (default: from the --out extension, else ${DEFAULT_FORMAT})`,
  ).choices(FORMATS);

const program = new Command('dmp-transform')
  .description(
    'Render and check OpenCDMP export templates offline, with the same exporters as the dmp-file-transformer service.\n' +
      'A template is a bundle directory, a .zip bundle, a single .hbs layout or a Word .docx shell.',
  )
  .showHelpAfterError('(run with --help for usage)')
  .configureOutput({ outputError: (text, write) => write(text) });

program
  .command('render')
  .description(
    'Render a saved plan or description (JSON, as the planning service posts it) to any format (docx, pdf, json, html, md, txt, raid).',
  )
  .argument('<plan>', 'plan or description JSON file (a description has "descriptionTemplate" at its top level)')
  .option('-t, --template <path>', 'bundle directory, .zip, .hbs or .docx (default: the built-in layout)')
  .addOption(formatOption())
  .option(
    '-o, --out <file>',
    'output file (default: the plan file name with the format extension, in the current directory; .rda.json for json, .raid.json for raid)',
  )
  .addHelpText(
    'after',
    `
Examples:
  $ dmp-transform render plan.json --template my-template --out plan.pdf
  $ dmp-transform render description.json --template layout.hbs --format docx --out description.docx
  $ dmp-transform render plan.json --format json            # RDA maDMP JSON (no template involved)

Exit code 1 when the template or the plan is invalid; the errors name file:line:column.`,
  )
  .action(
    run(async (plan: string, options: { template?: string; format?: string; out?: string }) => {
      const format = formatOf(options);
      const outcome = await renderToFile({
        plan,
        template: options.template,
        format,
        out: options.out ?? defaultOut(plan, format),
      });
      printOutcome(outcome, { plan });
      return outcome.result ? 0 : 1;
    }),
  );

program
  .command('check')
  .description(
    'Check a template: manifest, syntax, helpers, partials, assets and the data it reads, then render the sample plans ' +
      `(${SAMPLE_PLANS.join(', ')}) to DOCX and PDF so run-time errors show too.`,
  )
  .argument('<template>', 'bundle directory, .zip, .hbs or .docx')
  .addHelpText(
    'after',
    `
Prints one line per problem, as compilers do:
  partials/question.hbs:12:5: error: unknown helper "foo" (did you mean "join"?)
then a summary. Exit code 1 when there are errors, 0 otherwise (warnings allowed).

Example:
  $ dmp-transform check my-template`,
  )
  .action(
    run(async (templatePath: string) => {
      const template = TemplateInput.read(templatePath);
      const errors = printReport(template, await checkTemplate(template));
      return errors > 0 ? 1 : 0;
    }),
  );

program
  .command('watch')
  .description('Render a plan now and again on every change of the template (or the plan); stop with Ctrl-C.')
  .argument('<template>', 'bundle directory (watched recursively), .zip, .hbs or .docx')
  .requiredOption('-p, --plan <file>', 'plan or description JSON file')
  .addOption(formatOption())
  .option('-o, --out <file>', 'output file (default: the plan file name with the format extension)')
  .addHelpText(
    'after',
    `
Errors are printed and watching goes on; every line starts with the time. To see the document
update itself on every save, use the studio instead: dmp-transform preview <template>.

Example:
  $ dmp-transform watch my-template --plan plan.json --out plan.pdf`,
  )
  .action(
    run(async (template: string, options: { plan: string; format?: string; out?: string }) => {
      const format = formatOf(options);
      const out = options.out ?? defaultOut(options.plan, format);
      TemplateInput.read(template);
      console.log(
        `${timePrefix()}Watching ${template} and ${options.plan}; rendering ${format.toUpperCase()} to ${out}. Press Ctrl-C to stop.`,
      );
      const watcher = watchTemplate({ plan: options.plan, template, format, out });
      process.once('SIGINT', () => watcher.close());
      process.once('SIGTERM', () => watcher.close());
      return (await watcher.closed) ? 1 : 0;
    }),
  );

program
  .command('preview')
  .description(
    'Open the template studio: a page on 127.0.0.1 that shows a plan rendered with the template, its problems ' +
      'and its data, and renders again on every save. Stop with Ctrl-C.',
  )
  .argument('<template>', 'bundle directory (watched recursively), .zip, .hbs or .docx')
  .option(
    '-p, --plan <file>',
    'a plan or description file to offer besides the samples and the plan files of this folder (repeatable)',
    (file: string, files: string[]) => [...files, file],
    [] as string[],
  )
  .option('--port <port>', 'port on 127.0.0.1 (0: any free one)', String(DEFAULT_STUDIO_PORT))
  .addHelpText(
    'after',
    `
The page's address selects what it shows, so it can be shared or bookmarked:
  http://127.0.0.1:${DEFAULT_STUDIO_PORT}/?plan=sample:plan-full.json&format=html

Example:
  $ dmp-transform preview funder-template --plan my-plan.json`,
  )
  .action(
    run(async (template: string, options: { plan: string[]; port: string }) => {
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new CliError(`--port ${options.port} is not a port number (0 to 65535).`);
      const studio = await startStudio({ template, plans: options.plan, port });
      console.log(`Template studio for ${template} at ${studio.url} (Ctrl-C to stop).`);
      await new Promise((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await studio.close();
      return 0;
    }),
  );

program
  .command('data')
  .description(
    'Print the context a template receives for a plan: the data {{…}} can read, as JSON or one path per line.',
  )
  .argument('<plan>', 'plan or description JSON file')
  .option('-t, --template <path>', 'the template whose labels and options apply (default: the built-in layout)')
  .option('--paths', 'one line per path: path, type, example value; then the paths this plan leaves empty')
  .addHelpText(
    'after',
    `
Examples:
  $ dmp-transform data plan-full.json --paths | grep title
  $ dmp-transform data description-full.json --template my-template > context.json

Lists are written with []: plan.sections[].title is {{title}} inside {{#each plan.sections}}.`,
  )
  .action(
    run((plan: string, options: { template?: string; paths?: boolean }) => {
      const context = contextFor(plan, options.template);
      console.log(options.paths ? formatPaths(contextPaths(context)) : JSON.stringify(context, null, 2));
      return 0;
    }),
  );

program
  .command('init')
  .description('Start a template bundle directory from the built-in default layout.')
  .argument('<dir>', 'a new or empty directory, relative to the current one')
  .option('-n, --name <name>', 'the template name in template.json (default: from the directory name)')
  .option('--force', 'write into a directory that is not empty, replacing files of the same names')
  .addHelpText(
    'after',
    `
Example:
  $ dmp-transform init funder-template
  $ dmp-transform watch funder-template --plan plan-full.json --out preview.pdf

Keep the files you change; delete the partials you do not, they come from the built-in layout.`,
  )
  .action(
    run((dir: string, options: { name?: string; force?: boolean }) => {
      const files = initTemplate(dir, options.name, options.force ?? false);
      console.log(`Created ${dir} with ${files.length} files from the built-in layout:`);
      for (const file of files) console.log(`  ${file}`);
      return 0;
    }),
  );

program
  .command('fixtures')
  .description(`Write the sample plans (${SAMPLE_PLANS.join(', ')}) into a directory, to render against.`)
  .argument('<dir>', 'target directory, relative to the current one (created if missing)')
  .option('--force', 'overwrite existing files')
  .action(
    run((dir: string, options: { force?: boolean }) => {
      for (const file of writeFixtures(dir, options.force ?? false)) console.log(`Wrote ${file}`);
      return 0;
    }),
  );

void program.parseAsync();
