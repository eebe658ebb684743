import { useState } from 'react';
import { flushSync } from 'react-dom';

// The paper a ticket prints on (A5 sheet or an 80 mm receipt roll) and the record of its prints on this device, so a
// second print says it is a reprint (decision 0183).

export type Paper = 'a5' | 'receipt';

const PAPER_KEY = 'kalinga.ticket-paper';
const printsKey = (uuid: string) => `kalinga.ticket-printed.${uuid}`;

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

/** The chosen paper (kept on this device) and the ticket's print record; print() marks a repeat as a reprint. */
export function useTicketPrinting(uuid: string) {
  const [paper, setPaperState] = useState<Paper>(() => (read(PAPER_KEY) === 'receipt' ? 'receipt' : 'a5'));
  const [firstPrinted, setFirstPrinted] = useState<string | null>(() => read(printsKey(uuid)));
  const [reprint, setReprint] = useState(false);
  const setPaper = (next: Paper) => {
    setPaperState(next);
    write(PAPER_KEY, next);
  };
  const print = () => {
    const earlier = read(printsKey(uuid));
    // The mark must be on the page before the browser lays out the print.
    flushSync(() => setReprint(earlier !== null));
    if (earlier === null) {
      const now = new Date().toISOString();
      write(printsKey(uuid), now);
      setFirstPrinted(now);
    }
    window.print();
  };
  return { paper, setPaper, firstPrinted, reprint: reprint || firstPrinted !== null, print };
}

/** The paper choice, beside the Print button. */
export function PaperChoice({ paper, onChange }: { paper: Paper; onChange: (paper: Paper) => void }) {
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="sr-only">Paper</legend>
      {(
        [
          ['a5', 'A5 sheet'],
          ['receipt', '80 mm receipt'],
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
