/** A table of contents: the headings marked for it, their page numbers sized once the body is known (index.ts). */
import { tableOfContents } from '../contents';
import { type BlockHandler, mirrored } from './context';

export const toc: BlockHandler<'toc'> = (item, { flow, env }) => {
  const entries = [...env.headings.values()].filter((entry) => entry.inContents);
  const contents = tableOfContents(item.title, entries, {
    theme: env.theme,
    width: flow.width,
    rightToLeft: mirrored(flow),
    fontFiles: env.fontFiles,
  });
  env.contents.push(contents);
  return { node: contents.node, height: undefined };
};
