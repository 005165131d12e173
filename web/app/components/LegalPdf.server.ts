import type { LegalDocument } from './LegalDocuments';

/**
 * A legal document as a small PDF 1.4 file: US Letter pages of wrapped text in the standard
 * Helvetica fonts (no embedded font, so no dependency and a few kilobytes per document). Only what
 * the legal texts need: a title, a date line, headings and paragraphs.
 */

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 72;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

/** Helvetica advance widths (1/1000 em) of the printable ASCII characters 32–126, from its AFM. */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278,
  278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500,
  334, 260, 334, 584,
];
/** Helvetica-Bold is a little wider; wrapping bold lines with this margin keeps them inside the page. */
const BOLD_FACTOR = 1.08;

type Font = 'F1' | 'F2';
interface Style {
  font: Font;
  size: number;
  /** Space above the block, in points. */
  before: number;
}
const STYLES = {
  title: { font: 'F2', size: 20, before: 0 },
  date: { font: 'F1', size: 10, before: 6 },
  heading: { font: 'F2', size: 13, before: 16 },
  body: { font: 'F1', size: 11, before: 7 },
} satisfies Record<string, Style>;
const LINE_HEIGHT = 1.35;

/** The text as printable ASCII: typographic quotes and dashes become plain ones, anything else '?'. */
const toAscii = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7E]/g, '?');

const textWidth = (text: string, style: Style) => {
  const units = [...text].reduce((sum, char) => sum + (HELVETICA_WIDTHS[char.charCodeAt(0) - 32] ?? 556), 0);
  return (units / 1000) * style.size * (style.font === 'F2' ? BOLD_FACTOR : 1);
};

/** Greedy word wrap to the text width; a single word longer than a line gets a line of its own. */
export const wrapText = (text: string, style: Style, width = TEXT_WIDTH): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of toAscii(text).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, style) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
};

const escapePdfString = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);

/** Lays the blocks out into pages of content-stream operators. */
const layOut = (blocks: { text: string; style: Style }[]) => {
  const pages: string[][] = [];
  let ops: string[] = [];
  let y = PAGE_HEIGHT - MARGIN;
  const newPage = () => {
    if (ops.length) pages.push(ops);
    ops = [];
    y = PAGE_HEIGHT - MARGIN;
  };
  for (const { text, style } of blocks) {
    const lineHeight = style.size * LINE_HEIGHT;
    const lines = wrapText(text, style);
    if (y !== PAGE_HEIGHT - MARGIN) y -= style.before;
    // A heading never ends a page on its own: keep it with at least two lines after it.
    const keep = style === STYLES.heading ? lines.length + 2 : 1;
    if (y - keep * lineHeight < MARGIN) newPage();
    for (const line of lines) {
      if (y - lineHeight < MARGIN) newPage();
      y -= lineHeight;
      ops.push(`BT /${style.font} ${style.size} Tf ${MARGIN} ${y.toFixed(2)} Td (${escapePdfString(line)}) Tj ET`);
    }
  }
  newPage();
  return pages;
};

/** Serializes numbered objects into a PDF file with a correct cross-reference table. */
const serialize = (objects: string[], info: number) => {
  let body = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

/** The document as PDF bytes. */
export const legalPdf = (document: LegalDocument): Buffer => {
  const blocks = [
    { text: document.title, style: STYLES.title },
    ...(document.lastUpdated ? [{ text: `Last updated ${document.lastUpdated}`, style: STYLES.date }] : []),
    ...document.intro.map((text) => ({ text, style: STYLES.body })),
    ...document.sections.flatMap((section) => [
      { text: section.heading, style: STYLES.heading },
      ...section.paragraphs.map((text) => ({ text, style: STYLES.body })),
    ]),
  ];
  const pages = layOut(blocks);

  // 1 catalog, 2 page tree, 3–4 fonts, 5 info, then a page and its content stream per page.
  const firstPage = 6;
  const pageIds = pages.map((_, index) => firstPage + index * 2);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title (${escapePdfString(toAscii(document.title))}) /Producer (Carelane portal) >>`,
  ];
  pages.forEach((ops, index) => {
    const content = ops.join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
  });
  return serialize(objects, 5);
};

/** The texts are fixed, so each PDF is built once per server process. */
const built = new Map<LegalDocument, Buffer>();

/** The download answer of a document's PDF route. */
export const legalPdfResponse = (document: LegalDocument) => {
  let pdf = built.get(document);
  if (!pdf) {
    pdf = legalPdf(document);
    built.set(document, pdf);
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Content-Disposition': `attachment; filename="${document.pdfFileName ?? 'document.pdf'}"`,
      'Cache-Control': 'public, max-age=3600',
    },
  });
};
