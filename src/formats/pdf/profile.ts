/**
 * PDF profiles (the `pdf-profile` option): whether the file is tagged, and what it declares and
 * embeds. pdfkit writes the PDF/A or PDF/UA identification of one subset; for the archival
 * profiles, which are both, the PDF/UA-1 identification is added by the tagging layer.
 * docs/reference/pdf-profiles.md says what a tenant gets and what tagging costs.
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

/**
 * The profile of an export that sets none: published plans (Zenodo deposits) are documents of
 * public-sector bodies, which must be accessible.
 */
export const DEFAULT_PDF_PROFILE: PdfProfile = 'accessible';

const PROFILES: Record<PdfProfile, ProfileSettings> = {
  accessible: { tagged: true, subset: 'PDF/UA', addPdfUaId: false },
  // The untagged choice, for a tenant that wants it.
  standard: { tagged: false, addPdfUaId: false },
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
