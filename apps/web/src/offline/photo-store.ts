import Dexie, { type EntityTable } from 'dexie';
import { bookKey } from './database';

// Items' photos on the device (docs/decisions/0310-item-photos.md): one database beside each book
// (`<book>-photos`), so blobs stay out of the book's tables, pulls and upgrades. A photo waits here until the photo
// queue has sent it, and stays afterwards to show without the network.

export interface LocalPhoto {
  /** Made when the photo was taken: the server keys the photo by it, so a repeat stores nothing. */
  uuid: string;
  item_uuid: string;
  blob: Blob;
  width: number;
  height: number;
  created_at: string;
  status: 'pending' | 'sent' | 'refused';
  /** Why the server refused it (shown on the item's page). */
  error?: string;
  sent_at?: string;
}

export type PhotoDB = Dexie & { photos: EntityTable<LocalPhoto, 'uuid'> };

const open = new Map<string, PhotoDB>();

/** The photo database of the book in use. */
export function photoDatabase(): PhotoDB {
  const name = `${bookKey()}-photos`;
  let db = open.get(name);
  if (!db) {
    db = new Dexie(name) as PhotoDB;
    db.version(1).stores({ photos: 'uuid, item_uuid, status, created_at' });
    open.set(name, db);
  }
  return db;
}

export async function keepPhoto(photo: Omit<LocalPhoto, 'status' | 'created_at'>): Promise<LocalPhoto> {
  const row: LocalPhoto = { ...photo, status: 'pending', created_at: new Date().toISOString() };
  await photoDatabase().photos.add(row);
  return row;
}

/** The photos waiting to be sent, oldest first. */
export async function pendingPhotos(): Promise<LocalPhoto[]> {
  return photoDatabase().photos.where('status').equals('pending').sortBy('created_at');
}

export async function markPhoto(uuid: string, changes: Partial<Pick<LocalPhoto, 'status' | 'error' | 'sent_at'>>): Promise<void> {
  await photoDatabase().photos.update(uuid, changes);
}

/** An item's photos kept on this device, oldest first. */
export async function photosOfItem(itemUuid: string): Promise<LocalPhoto[]> {
  return photoDatabase().photos.where('item_uuid').equals(itemUuid).sortBy('created_at');
}
