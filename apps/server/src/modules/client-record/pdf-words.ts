import { type Language, t } from '../../lib/i18n';
import type { PdfWords } from '../../lib/text-pdf';

/** A client-record PDF's own words (an empty section, the page number) in `language` (decision 0318). */
export function pdfWords(language: Language): PdfWords {
  return { none: t(language, 'clientFile.pdf.none'), page: (page, pages) => t(language, 'clientFile.pdf.page', { page, pages }) };
}
