import { useState } from 'react';
import { flushSync } from 'react-dom';
import { notifyError } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { recordTicketPrint } from '../book/print-actions';

// The paper a ticket prints on (A5 sheet or an 80 mm receipt roll), kept on the device (decision 0183), and the
// ticket's prints, recorded on the server for every device: any earlier print, anywhere, makes this one a REPRINT
// (decision 0216).

export type Paper = 'a5' | 'receipt';

const PAPER_KEY = 'kalinga.ticket-paper';

/** The print stylesheet: only the ticket, on the chosen paper. */
export function printCss(paper: Paper): string {
  const page = paper === 'a5' ? 'size: A5 portrait; margin: 10mm;' : 'size: 80mm 297mm; margin: 3mm;';
  const width = paper === 'a5' ? '100%' : '74mm';
  return `@media print {
  @page { ${page} }
  aside, body header, [data-print-hide], [data-sonner-toaster] { display: none !important; }
  body * { visibility: hidden !important; }
  [data-ticket], [data-ticket] * { visibility: visible !important; }
  body { background: #fff !important; }
  [data-ticket] { position: absolute; left: 0; top: 0; width: ${width}; padding: 0 !important; border: none !important; box-shadow: none !important; }
  [data-ticket][data-paper='receipt'] { font-size: 9pt; }
  [data-ticket][data-paper='receipt'] dl { grid-template-columns: 1fr auto !important; }
}`;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // A full or blocked storage only loses the reprint mark, never the print.
  }
}

/**
 * The chosen paper (kept on this device) and the ticket's prints: `prints` as the book knows them (the server's count
 * from any device, plus this device's unsent ones). print() prints REPRINT when any earlier print exists, then
 * records the print; the record's queued change counts it here at once.
 */
export function useTicketPrinting(loan: { uuid: string; prints?: number | null }) {
  const t = useT('lending');
  const [paper, setPaperState] = useState<Paper>(() => (read(PAPER_KEY) === 'receipt' ? 'receipt' : 'a5'));
  // What the print under way says, fixed for its layout; between prints the band follows the book.
  const [printingAs, setPrintingAs] = useState<boolean | null>(null);
  const printed = Number(loan.prints ?? 0) > 0;
  const setPaper = (next: Paper) => {
    setPaperState(next);
    write(PAPER_KEY, next);
  };
  const print = () => {
    const asReprint = printed;
    // The mark must be on the page before the browser lays out the print.
    flushSync(() => setPrintingAs(asReprint));
    window.print();
    setPrintingAs(null);
    recordTicketPrint(loan.uuid, asReprint).catch((err: unknown) => notifyError(err instanceof Error ? err.message : t('lending.ticket.printNotRecorded')));
  };
  return { paper, setPaper, printed, reprint: printingAs ?? printed, print };
}

/** The paper choice, beside the Print button. */
export function PaperChoice({ paper, onChange }: { paper: Paper; onChange: (paper: Paper) => void }) {
  const t = useT('lending');
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="sr-only">{t('lending.ticket.paper')}</legend>
      {(
        [
          ['a5', t('lending.ticket.a5')],
          ['receipt', t('lending.ticket.receipt')],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className="flex items-center gap-1 text-sm">
          <input type="radio" className="radio radio-sm" name="ticket-paper" value={value} checked={paper === value} onChange={() => onChange(value)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
