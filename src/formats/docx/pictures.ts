/** A picture in the text as WordprocessingML: an inline drawing, as docx wrote it, with its alt text. */
import { escapeXml } from './xml';

/** EMUs (English Metric Units) per pixel at 96 dpi. */
const EMU_PER_PIXEL = 9525;
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const PIC = 'http://schemas.openxmlformats.org/drawingml/2006/picture';

export interface PictureOptions {
  relationshipId: string;
  /** Pixels at 96 dpi. */
  width: number;
  height: number;
  /** Unique among the document's drawings. */
  id: number;
  name: string;
  alt: string;
}

/** The run holding the picture. */
export function pictureRun(picture: PictureOptions): string {
  const cx = Math.round(picture.width * EMU_PER_PIXEL);
  const cy = Math.round(picture.height * EMU_PER_PIXEL);
  const alt = picture.alt ? ` descr="${escapeXml(picture.alt)}" title="${escapeXml(picture.alt)}"` : '';
  return (
    '<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">' +
    `<wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent t="0" r="0" b="0" l="0"/>` +
    `<wp:docPr id="${picture.id}" name="${escapeXml(picture.name)}"${alt}/>` +
    `<wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="${A}" noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
    `<a:graphic xmlns:a="${A}"><a:graphicData uri="${PIC}"><pic:pic xmlns:pic="${PIC}">` +
    '<pic:nvPicPr><pic:cNvPr id="0" name="" descr=""/><pic:cNvPicPr><a:picLocks noChangeAspect="1" noChangeArrowheads="1"/></pic:cNvPicPr></pic:nvPicPr>' +
    `<pic:blipFill><a:blip r:embed="${picture.relationshipId}" cstate="none"/><a:srcRect/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr bwMode="auto"><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>` +
    '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>'
  );
}
