import 'fake-indexeddb/auto';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { runPhotoQueue } from '../../../offline/photo-queue';
import { photoDatabase, photosOfItem } from '../../../offline/photo-store';
import { db } from '../../../offline/database';
import { clearStore, keepSynced, serverCategory, serverCustomer } from '../../../test/lending-fixtures';
import type { ReducedImage } from '../../../lib/reduce-image';
import { createLoan } from '../book/lending-actions';
import { IntakePhotos, keepIntakePhotos, type IntakePhotoDrafts } from './intake-photos';

// Photos at intake (decision 0310): taken on the new ticket's form, reduced on the device, kept under the saved
// ticket's items (the row's key is its item's uuid) and left to the photo queue, which sends them after the ticket.

vi.mock('../../../lib/reduce-image', () => ({
  reduceImage: vi.fn(async (file: Blob): Promise<ReducedImage> => ({ blob: new Blob([await file.arrayBuffer()], { type: 'image/jpeg' }), width: 40, height: 30 })),
}));
vi.mock('../../../offline/photo-queue', () => ({ runPhotoQueue: vi.fn(async () => ({ sent: 0, stopped: false })) }));

configure({ asyncUtilTimeout: 5000 });
beforeAll(() => initI18n(['vault']));
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T08:00:00.000Z'));
  await clearStore();
  await photoDatabase().photos.clear();
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
  vi.mocked(runPhotoQueue).mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const shot = (): ReducedImage => ({ blob: new Blob([new Uint8Array(4)], { type: 'image/jpeg' }), width: 40, height: 30 });

describe('photos at intake', () => {
  it('are kept under the saved ticket’s items, waiting for the queue; a row the ticket lost keeps none', async () => {
    await keepSynced({ categories: [serverCategory()], customers: [serverCustomer()] });
    const ring = crypto.randomUUID();
    const loan = await createLoan({ customer_uuid: serverCustomer().uuid, category_uuid: serverCategory().uuid, loan_date: '2026-11-23', loan_amount: 3000, items: [{ uuid: ring, description: 'Gold ring', appraisal_value: 4000 }] });
    expect((await db.items.where('loan_uuid').equals(loan.uuid).toArray()).map((i) => i.uuid)).toEqual([ring]);
    const drafts: IntakePhotoDrafts = { [ring]: [shot(), shot()], removed: [shot()] };
    expect(await keepIntakePhotos(drafts, (key) => (key === ring ? key : undefined))).toBe(2);
    const kept = await photosOfItem(ring);
    expect(kept.map((p) => [p.status, p.width, p.height])).toEqual([['pending', 40, 30], ['pending', 40, 30]]);
    expect(new Set(kept.map((p) => p.uuid)).size).toBe(2);
    expect(runPhotoQueue).toHaveBeenCalledTimes(1);
  });

  it('nothing taken: nothing kept, the queue is not started', async () => {
    expect(await keepIntakePhotos({}, (key) => key)).toBe(0);
    expect(runPhotoQueue).not.toHaveBeenCalled();
  });

  it('an item row takes photos from a file input, shows them, and lets one be removed before saving', async () => {
    function Row() {
      const [photos, setPhotos] = useState<ReducedImage[]>([]);
      return <IntakePhotos id="item-1" n={1} photos={photos} onChange={setPhotos} />;
    }
    render(<Row />);
    const input = screen.getByLabelText('Photos of item 1 (camera or file)');
    const file = (name: string) => new File([new Uint8Array(3)], name, { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file('a.png'), file('b.png')] } });
    expect(await screen.findByRole('group', { name: '2 photos of item 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 1 of item 1' }));
    expect(await screen.findByRole('group', { name: '1 photo of item 1' })).toBeTruthy();
    expect(screen.getAllByTestId('intake-photo')).toHaveLength(1);
  });
});
