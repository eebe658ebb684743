import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

// A plain text PDF (A4, Helvetica) of headed sections of paragraphs: the client's own record and a disclosure of a
// client file. The standard fonts encode WinAnsi only, so any other character is written as '?'.

export interface PdfSection {
  heading: string;
  paragraphs: string[];
}

/** The document's own words, in the reader's language (decision 0318): an empty section's line and the page number. */
export interface PdfWords {
  none: string;
  page: (page: number, pages: number) => string;
}

const ENGLISH: PdfWords = { none: 'None.', page: (page, pages) => `Page ${page} of ${pages}` };

const WIDTH = 595.28;
const HEIGHT = 841.89;
const MARGIN = 50;
const SIZE = 10;
const LEADING = 14;

function encodable(font: PDFFont, text: string): string {
  return [...text.replace(/\t/g, '  ')]
    .map((ch) => {
      if (ch === '\n') return ch; // a line break, which wrap() keeps

      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const raw of text.split('\n')) {
    let line = '';
    for (const word of raw.split(' ')) {
      const next = line === '' ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line !== '') lines.push(line);
      // A word wider than the line is cut where it must be.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
        let n = rest.length - 1;
        while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n -= 1;
        lines.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** The document's bytes: a title, lines under it, then each section. Pages are numbered "Page n of m". */
export async function textPdf(title: string, subtitle: string[], sections: PdfSection[], words: PdfWords = ENGLISH): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Kalinga');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const write = (text: string, font: PDFFont, size: number, gap = LEADING) => {
    for (const line of wrap(font, encodable(font, text), size, WIDTH - 2 * MARGIN)) {
      if (y < MARGIN + LEADING) {
        page = doc.addPage([WIDTH, HEIGHT]);
        y = HEIGHT - MARGIN;
      }
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0, 0, 0) });
      y -= gap;
    }
  };
  write(title, bold, 16, 22);
  for (const line of subtitle) write(line, regular, SIZE);
  for (const section of sections) {
    y -= LEADING / 2;
    write(section.heading, bold, 12, 18);
    if (section.paragraphs.length === 0) write(words.none, regular, SIZE);
    for (const p of section.paragraphs) {
      write(p, regular, SIZE);
      y -= 4;
    }
  }
  const pages = doc.getPages();
  pages.forEach((p, i) => p.drawText(encodable(regular, words.page(i + 1, pages.length)), { x: WIDTH - MARGIN - 60, y: MARGIN / 2, size: 8, font: regular }));
  return doc.save();
}
