/**
 * PDF profiles (the `pdf-profile` option): what the file declares and embeds beyond the tags every
 * PDF carries. pdfkit writes the PDF/A or PDF/UA identification of one subset; for the archival
 * profiles, which are both, the PDF/UA-1 identification is added by the tagging layer.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { PdfProfile } from '../../document/options';
import type { DocumentTagging } from './tags';

export interface PdfOutput {
  profile: PdfProfile;
  /** archival-with-data: the plan's (or description's) validated RDA maDMP JSON. */
  data?: { name: string; bytes: Uint8Array };
  /** false: no structure tree, whatever the profile; the benchmark's untagged baseline uses it. */
  tagged?: boolean;
}

interface ProfileSettings {
  /** Structure tree and marked content (PDF/UA and PDF/A level a need them). */
  tagged: boolean;
  subset?: 'PDF/UA' | 'PDF/A-2a' | 'PDF/A-3a';
  addPdfUaId: boolean;
}

const PROFILES: Record<PdfProfile, ProfileSettings> = {
  // Untagged: tagging costs +20 to +35 % of the writer's CPU time (bench, 10 and 100 descriptions),
  // over the 20 % a default may cost. Tenants who want tags everywhere set `accessible` once.
  standard: { tagged: false, addPdfUaId: false },
  accessible: { tagged: true, subset: 'PDF/UA', addPdfUaId: false },
  archival: { tagged: true, subset: 'PDF/A-2a', addPdfUaId: true },
  'archival-with-data': { tagged: true, subset: 'PDF/A-3a', addPdfUaId: true },
};

/** Whether the profile's PDF carries a structure tree (the benchmark's untagged baseline aside). */
export const isTagged = (output: PdfOutput): boolean => output.tagged !== false && PROFILES[output.profile].tagged;

/** Document-definition settings of a profile, and what the structure root declares. */
export function profileSettings(
  output: PdfOutput,
  lang: string,
): { definition: Partial<TDocumentDefinitions>; tagging: DocumentTagging } {
  const settings = PROFILES[output.profile];
  const definition: Partial<TDocumentDefinitions> = { version: '1.7', tagged: isTagged(output), compress: true };
  if (settings.subset) definition.subset = settings.subset;
  const tagging: DocumentTagging = { lang, addPdfUaId: settings.addPdfUaId };
  if (output.profile === 'archival-with-data' && output.data) {
    tagging.attachment = {
      name: output.data.name,
      mimeType: 'application/json',
      description: 'RDA DMP Common Standard (maDMP) JSON of this document, validated against its schema',
      bytes: output.data.bytes,
      relationship: 'Data',
    };
  }
  return { definition, tagging };
}
