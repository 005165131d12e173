import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { RESPONSE_TEXTS, type ShownAnswer } from './response-answers';

/**
 * A form response as a PDF (pdf-lib, the standard Helvetica fonts, US Letter): the same title, byline
 * and questions with answers as the response view (ResponseView.tsx), so the file a clinic keeps or
 * faxes says what the screen says. Table answers become one line per row ("Label: entry; ...").
 */
const PAGE: [number, number] = [612, 792];
const MARGIN = 60;
const WIDTH = PAGE[0] - 2 * MARGIN;

/** The standard fonts speak WinAnsi: typographic quotes and dashes become plain ones, anything else '?'. */
const winAnsi = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u00B7/g, '-')
    .replace(/[^\x20-\x7E\n]/g, '?');

/** Word wrap to the text width, keeping the answer's own line breaks. */
const wrap = (text: string, font: PDFFont, size: number) =>
  winAnsi(text)
    .split('\n')
    .flatMap((paragraph) => {
      const lines: string[] = [];
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && font.widthOfTextAtSize(candidate, size) > WIDTH) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      return [line];
    });

type Block = { text: string; bold: boolean; size: number; before: number };

export const responsePdf = async (view: { title: string; person: string; submittedAt?: string; answers: ShownAnswer[] }): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(view.title));
  pdf.setProducer('Carelane staff console');
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const byline = view.submittedAt ? `${RESPONSE_TEXTS.submittedBy} ${view.person} on ${view.submittedAt}` : `${RESPONSE_TEXTS.from} ${view.person}`;
  const blocks: Block[] = [
    { text: view.title, bold: true, size: 18, before: 0 },
    { text: byline, bold: false, size: 10, before: 6 },
    ...(view.answers.length === 0 ? [{ text: RESPONSE_TEXTS.awaiting, bold: false, size: 11, before: 16 }] : []),
    ...view.answers.flatMap((answer) => [
      { text: answer.title || ' ', bold: true, size: 11, before: 14 },
      {
        text: answer.shown.kind === 'text' ? answer.shown.text : answer.shown.rows.map((row) => row.map((cell) => `${cell.label}: ${cell.entry}`).join('; ')).join('\n'),
        bold: false,
        size: 11,
        before: 3,
      },
    ]),
  ];
  let page: PDFPage = pdf.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  for (const block of blocks) {
    const font = block.bold ? fonts.bold : fonts.regular;
    const height = block.size * 1.35;
    y -= block.before;
    // A question never ends a page without its answer.
    if (y - (block.bold ? 3 : 1) * height < MARGIN) {
      page = pdf.addPage(PAGE);
      y = PAGE[1] - MARGIN;
    }
    for (const line of wrap(block.text, font, block.size)) {
      if (y - height < MARGIN) {
        page = pdf.addPage(PAGE);
        y = PAGE[1] - MARGIN;
      }
      y -= height;
      page.drawText(line, { x: MARGIN, y, size: block.size, font });
    }
  }
  return pdf.save();
};
