import type { ItemPhoto } from '@kalinga/contracts/lending/vault';
import { api, ApiError } from '../lib/api-client';
import { coalesced, withLock } from './locks';
import { markPhoto, pendingPhotos, type LocalPhoto } from './photo-store';
import { openEntries, ownKeys } from './sync-queue';

// The photo queue (docs/decisions/0310-item-photos.md): after each run of the sync queue, the photos taken on this
// device are sent one at a time, oldest first, under a Web Lock across tabs. A photo whose item is still unsent waits;
// the server keys each by its uuid, so a photo sent again (a reply lost, a tab closed mid-send) is stored once.

export const PHOTO_QUEUE_LOCK = 'kalinga-photo-queue';
export const PHOTO_CHANGED_EVENT = 'kalinga:photos-changed';

/** Entries that make an item: a photo of it waits until they are sent. */
const MAKES_ITEMS = new Set(['CREATE_LOAN', 'CREATE_ITEM']);

export interface PhotoRun {
  sent: number;
  /** No reply (offline, timed out): the run stopped, the rest wait for the next one. */
  stopped: boolean;
}

async function itemsStillUnsent(): Promise<Set<string>> {
  const unsent = new Set<string>();
  for (const entry of await openEntries()) {
    if (!MAKES_ITEMS.has(entry.operation)) continue;
    for (const uuid of ownKeys(entry)) unsent.add(uuid);
  }
  return unsent;
}

async function send(photo: LocalPhoto): Promise<void> {
  const form = new FormData();
  form.append('uuid', photo.uuid);
  form.append('photo', new File([photo.blob], `${photo.uuid}.jpg`, { type: photo.blob.type || 'image/jpeg' }));
  await api.postForm<{ data: ItemPhoto }>(`/api/items/${encodeURIComponent(photo.item_uuid)}/photos`, form);
}

async function runOnce(): Promise<PhotoRun> {
  const photos = await pendingPhotos();
  if (photos.length === 0) return { sent: 0, stopped: false };
  const waiting = await itemsStillUnsent();
  let sent = 0;
  for (const photo of photos) {
    if (waiting.has(photo.item_uuid)) continue;
    try {
      await send(photo);
      await markPhoto(photo.uuid, { status: 'sent', sent_at: new Date().toISOString(), error: undefined });
      sent++;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500) return { sent, stopped: true };
      // Its item is not on the server yet (a refused create, another device's): it waits for a later run.
      if (error.status === 404 || error.status === 401) continue;
      await markPhoto(photo.uuid, { status: 'refused', error: error.message });
    }
  }
  if (sent > 0 && typeof window !== 'undefined') window.dispatchEvent(new Event(PHOTO_CHANGED_EVENT));
  return { sent, stopped: false };
}

/** Sends the waiting photos (no-op offline); one run at a time in this tab, one holder of the lock across tabs. */
export const runPhotoQueue = coalesced(async (): Promise<PhotoRun> => {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { sent: 0, stopped: true };
  return withLock(PHOTO_QUEUE_LOCK, runOnce);
});
