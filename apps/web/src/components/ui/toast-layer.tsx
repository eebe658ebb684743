import { useState } from 'react';
import { createPortal } from 'react-dom';
import { loadedInStage, useAfterFirstScreen } from '../../lib/first-screen';
import { useLoadedWhen } from '../../lib/load-when';
import { TOAST_DURATION_MS, useToastsWanted } from './toast';

// sonner's Toaster is its own chunk (with the toast API, toast.ts), loaded once the first screen shows its
// content or as soon as a toast is raised, whichever comes first (decision 0098).
const loadSonner = () => loadedInStage(0, import('sonner'));

/** The toasts' own node, never removed by React (a portal container), so it can move between parents. */
let host: HTMLDivElement | null = null;
const openDialogs: HTMLDialogElement[] = [];

function placeHost(): void {
  if (!host) return;
  // Native modal dialogs sit in the browser's top layer and make the rest of the page inert: the toasts go inside
  // the topmost open one to be seen (and their close button used), and back to the body when none is open.
  const target = openDialogs.at(-1) ?? document.body;
  if (host.parentNode !== target) target.appendChild(host);
}

/** Called by useDialogOpen when a native dialog opens (`open`) or closes. */
export function trackDialog(dialog: HTMLDialogElement, open: boolean): void {
  const at = openDialogs.indexOf(dialog);
  if (at >= 0) openDialogs.splice(at, 1);
  if (open) openDialogs.push(dialog);
  placeHost();
}

function toastHost(): HTMLDivElement {
  if (!host) {
    host = document.createElement('div');
    host.dataset.testid = 'toast-layer';
    placeHost();
  }
  return host;
}

/** Mounted once by the signed-in frame: bottom-right, 3 s (product-rules.md#messages), above any open dialog. */
export function ToastLayer() {
  const [container] = useState(toastHost);
  const wanted = useToastsWanted();
  const sonner = useLoadedWhen(loadSonner, useAfterFirstScreen() || wanted);
  if (!sonner) return null;
  return createPortal(<sonner.Toaster position="bottom-right" duration={TOAST_DURATION_MS} richColors closeButton />, container);
}
