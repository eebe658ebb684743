import { useSyncExternalStore } from 'react';
import { t } from '../../lib/i18n';

// Toasts (product-rules.md#messages) through sonner, which is loaded on first use and not at start-up (decision 0098: its
// 33 KB were evaluated before every signed-in screen's first paint). A toast raised before it has loaded
// waits here and is shown as soon as it has; the toast layer (toast-layer.tsx) draws them once it is mounted
// (sonner's Toaster also shows the toasts raised before it subscribed).

export const TOAST_DURATION_MS = 3000;

type Kind = 'success' | 'error' | 'info';
type Toast = typeof import('sonner').toast;
/** A second, smaller line under the toast's words (sonner's description). */
type Detail = { description?: string };

let toast: Toast | null = null;
let loading: Promise<Toast> | null = null;
const waiting: Array<[Kind, string, Detail | undefined]> = [];
let wanted = false;
const listeners = new Set<() => void>();

/** Loads sonner (once) and shows the toasts that waited for it. */
export function loadToasts(): Promise<Toast> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  loading ??= import('sonner').then((m) => {
    toast = m.toast;
    for (const [kind, message, detail] of waiting.splice(0)) raise(m.toast, kind, message, detail);
    return m.toast;
  });
  // A failed load (offline before the worker had precached it) is tried again when the network returns, or by
  // the next toast; the toasts waiting meanwhile stay waiting.
  loading.catch(() => {
    loading = null;
    window.addEventListener('online', () => void loadToasts().catch(() => undefined), { once: true });
  });
  return loading;
}

function raise(api: Toast, kind: Kind, message: string, detail: Detail | undefined): void {
  if (detail) api[kind](message, detail);
  else api[kind](message);
}

function show(kind: Kind, message: string, detail?: Detail): void {
  if (toast) {
    raise(toast, kind, message, detail);
    return;
  }
  waiting.push([kind, message, detail]);
  loadToasts().catch((error: unknown) => console.error('Failed to load the toasts; they are shown when it loads', error));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast was raised or the layer was asked to load: the layer then mounts sonner's Toaster. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted, () => wanted);
}

/** Green toast, bottom-right, 3 s (product-rules.md#messages). */
export function notifySuccess(message?: string): void {
  show('success', message || t('common.toast.success'));
}

/** Red toast with the server's message when there is one; `detail` adds a line under it. */
export function notifyError(message?: string, detail?: Detail): void {
  show('error', message || t('common.toast.error'), detail);
}

export function notifyInfo(message: string): void {
  show('info', message);
}
