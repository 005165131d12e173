import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { LegalDocument } from './LegalDocuments';

/**
 * A legal document as a PDF (pdf-lib): US Letter pages of wrapped text in the standard Helvetica
 * fonts, so nothing is embedded and each file is a few kilobytes. Only what the legal texts need: a
 * title, a date line, headings and paragraphs.
 */

const PAGE: [number, number] = [612, 792];
const MARGIN = 72;
const TEXT_WIDTH = PAGE[0] - 2 * MARGIN;
const LINE_HEIGHT = 1.35;

type Style = { bold: boolean; size: number; /** Space above the block, in points. */ before: number };
const STYLES = {
  title: { bold: true, size: 20, before: 0 },
  date: { bold: false, size: 10, before: 6 },
  heading: { bold: true, size: 13, before: 16 },
  body: { bold: false, size: 11, before: 7 },
} satisfies Record<string, Style>;

/** The standard fonts speak WinAnsi: typographic quotes and dashes become plain ones, anything else '?'. */
const toWinAnsi = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7E]/g, '?');

/** Greedy word wrap to the text width; a single word longer than a line gets a line of its own. */
const wrap = (text: string, font: PDFFont, size: number) => {
  const lines: string[] = [];
  let line = '';
  for (const word of toWinAnsi(text).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > TEXT_WIDTH) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
};

/** The document as PDF bytes. */
export const legalPdf = async (document: LegalDocument): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(toWinAnsi(document.title));
  pdf.setProducer('Carelane portal');
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const blocks = [
    { text: document.title, style: STYLES.title },
    ...(document.lastUpdated ? [{ text: `Last updated ${document.lastUpdated}`, style: STYLES.date }] : []),
    ...document.intro.map((text) => ({ text, style: STYLES.body })),
    ...document.sections.flatMap((section) => [
      { text: section.heading, style: STYLES.heading },
      ...section.paragraphs.map((text) => ({ text, style: STYLES.body })),
    ]),
  ];

  let page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const top = () => y === PAGE[1] - MARGIN;
  const newPage = () => {
    page = pdf.addPage(PAGE);
    y = PAGE[1] - MARGIN;
  };
  for (const { text, style } of blocks) {
    const font = style.bold ? fonts.bold : fonts.regular;
    const lineHeight = style.size * LINE_HEIGHT;
    const lines = wrap(text, font, style.size);
    if (!top()) y -= style.before;
    // A heading never ends a page on its own: keep it with at least two lines after it.
    const keep = style === STYLES.heading ? lines.length + 2 : 1;
    if (!top() && y - keep * lineHeight < MARGIN) newPage();
    for (const line of lines) {
      if (y - lineHeight < MARGIN) newPage();
      y -= lineHeight;
      page.drawText(line, { x: MARGIN, y, size: style.size, font });
    }
  }
  return pdf.save();
};

/** The texts are fixed, so each PDF is built once per server process. */
const built = new Map<LegalDocument, Promise<Uint8Array>>();

/** The download answer of a document's PDF route. */
export const legalPdfResponse = async (document: LegalDocument) => {
  let pdf = built.get(document);
  if (!pdf) {
    pdf = legalPdf(document);
    built.set(document, pdf);
  }
  const bytes = await pdf;
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.length),
      'Content-Disposition': `attachment; filename="${document.pdfFileName ?? 'document.pdf'}"`,
      'Cache-Control': 'public, max-age=3600',
    },
  });
};
