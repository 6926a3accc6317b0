/**
 * The Markdown export reads as Markdown (issue 34, item 4): labels are bold without character
 * references leaking into the text, as "**DOI:&#x20;**" did seven times in plan-full.
 */
import { decodePlan } from '../../../src/contract/decode';
import { documentToMarkdown } from '../../../src/formats/md/render';
import { markdownExporter } from '../../../src/service/formats';
import { meta, text } from '../../builders/documents';
import { fixtureJson } from '../../builders/fixtures';

const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('the Markdown export', () => {
  it('writes plan-full with no character reference, its labels bold before their links', async () => {
    const markdown = utf8(
      (await markdownExporter.exportPlan(decodePlan(fixtureJson('plan-full.json')), { transformerId: 'x' })).bytes,
    );
    expect(markdown.match(/&#x?[0-9a-f]+;/gi) ?? []).toEqual([]);
    expect(markdown).toMatch(/\*\*Licence:\*\* \[Creative Commons Attribution 4\.0 International\]\(https:/);
    // The cover's facts table keeps its links.
    expect(markdown).toMatch(
      /\| \*\*DOI\*\* +\| \[10\.5281\/zenodo\.14567890\]\(https:\/\/doi\.org\/10\.5281\/zenodo\.14567890\) +\|/,
    );
  });

  it('keeps the lines of a table cell apart with <br>, as a cell holds one line of Markdown', () => {
    const paragraph = (...content: Parameters<typeof text>[]) => ({
      type: 'paragraph' as const,
      content: content.map((args) => text(...args)),
    });
    const markdown = documentToMarkdown({
      meta: meta(),
      blocks: [
        {
          type: 'table',
          headerRows: 1,
          rows: [
            { cells: [{ blocks: [paragraph(['Contacts'])] }] },
            {
              cells: [
                {
                  blocks: [
                    { type: 'paragraph', content: [text('Eleni'), { type: 'break' }, text('Omar', { bold: true })] },
                    paragraph(['Third line']),
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(markdown).toContain('| Eleni<br>**Omar**<br>Third line |');
  });

  it('keeps the spaces at either end of bold, italic and struck text outside the markers', () => {
    const markdown = documentToMarkdown({
      meta: meta(),
      blocks: [
        {
          type: 'paragraph',
          content: [
            text(' Licence: ', { bold: true }),
            text('CC BY'),
            text(' old ', { strike: true }),
            text('new', { italic: true }),
          ],
        },
        { type: 'paragraph', style: 'label', content: [text('Question? ')] },
        { type: 'paragraph', style: 'label', content: [text('   ')] },
      ],
    });
    expect(markdown).toBe('**Licence:** CC BY ~~old~~ *new*\n\n**Question?**\n');
  });
});
