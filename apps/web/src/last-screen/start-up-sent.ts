// The app's side of the start-up script's requests (boot.ts): the app starts once that script has asked for the
// entry's modules, the screen's code and catalogs and its first reads, so the app never asks for one of them itself
// behind its own code (decision 0393).

/** However the page goes (a tab in the background runs its tasks late), the app waits no longer than this. */
export const START_UP_SENT_WAIT_MS = 1000;

/** Settles once the start-up script has sent all it sends, at once where it sends nothing, or after `capMs`. */
export function whenStartUpSent(win: Window, capMs = START_UP_SENT_WAIT_MS): Promise<void> {
  const sent = win.__startUpSent;
  if (!sent) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, capMs)));
  return Promise.race([sent, cap]).then(() => clearTimeout(timer));
}
