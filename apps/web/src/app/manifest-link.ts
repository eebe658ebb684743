// The web app manifest is linked once the first screen is up, not in the page (decision 0381): linked in the page,
// the browser fetched the manifest and then its icon at once, two requests that held two of its six connections to
// the server, and a share of a phone's line, while the app's code was still downloading.

/** Where the build writes the manifest (vite.config.ts, `manifestFilename`; the build takes this link out of the page). */
export const MANIFEST_HREF = '/manifest.webmanifest';

/** Links the manifest in `doc`'s head (once). */
export function linkManifest(doc: Document): void {
  if (doc.head.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_HREF;
  doc.head.append(link);
}
