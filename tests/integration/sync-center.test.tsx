// @vitest-environment happy-dom
// The sync center over the real engine and the in-process server: a photo the server refuses is parked with the
// server's own words, the step that needs it waits behind it, and a discard (asked twice) removes exactly those.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { draftKey, saveDraft } from '../../src/db/drafts';
import { allOps } from '../../src/db/outbox';
import { startApplication } from '../../src/ops/start-application';
import { queuePhoto } from '../../src/photos/queue-photo';
import { SyncCenterScreen } from '../../src/features/sync-center/sync-center-screen';
import { createSyncEngine } from '../../src/sync/engine';
import { SyncRuntimeValue } from '../../src/sync/sync-runtime';
import { type Harness, makeHarness, patchPhoto } from './sync-harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h.close();
});
afterEach(cleanup);

/** Waits until the screen shows what `check` looks for (re-checked as the engine and Dexie answer). */
const until = (check: () => boolean) => waitFor(() => expect(check()).toBe(true), { timeout: 2_000 });

/** One sync of the phone's outbox to the in-process server, then the sync center over that engine. */
async function syncThenShow(db: ReturnType<Harness['newDb']>) {
  const engine = createSyncEngine({ db, transport: h.transport, random: () => 0.5 });
  await engine.syncNow();
  render(
    <SyncRuntimeValue runtime={{ db, engine, transport: h.transport, prefetch: async () => undefined }}>
      <SyncCenterScreen />
    </SyncRuntimeValue>,
  );
}

describe('sync center', () => {
  it('shows a refused photo with the server reason, and discards it with its dependant after two confirmations', async () => {
    const db = h.newDb();
    const good = await startApplication(db, { phone: '9876509999', name: 'Kamala Devi' });
    const notAPhoto = new Blob(['plain text pretending to be a photo'], { type: 'image/png' });
    const photo = await queuePhoto(
      db,
      { appId: good, field: 'photo_file', fileType: 'BORROWER_PHOTO', label: 'Borrower photo' },
      {
        blob: notAPhoto,
        name: 'photo.png',
        mime: 'image/png',
        size: notAPhoto.size,
        geoTag: { latitude: 0, longitude: 0, source: 'none' },
      },
    );
    await patchPhoto(db, good, photo);
    await syncThenShow(db);
    await until(() => screen.queryByTestId('count-attention')?.textContent === '2');
    expect(screen.getByTestId('count-queued').textContent).toBe('0');
    const photoRow = screen.getByRole('listitem', { name: 'Borrower photo · Kamala Devi · +91 9876509999' });
    expect(within(photoRow).getByRole('note').textContent).toMatch(/not allowed/i);
    const stepRow = screen.getByRole('listitem', { name: 'Borrower photo details · Kamala Devi · +91 9876509999' });
    expect(within(stepRow).getByRole('note').textContent).toBe('Waiting for an earlier item that needs attention.');
    expect(within(stepRow).queryByRole('button', { name: 'Discard' })).toBeNull();

    fireEvent.click(within(photoRow).getByRole('button', { name: 'Discard' }));
    expect(within(photoRow).getByRole('alertdialog').textContent).toContain(
      'Discard "Borrower photo · Kamala Devi · +91 9876509999" and 1 item that depends on it?',
    );
    fireEvent.click(within(photoRow).getByRole('button', { name: 'Discard' }));
    expect(within(photoRow).getByRole('alertdialog').textContent).toContain('Are you sure? This cannot be undone.');
    fireEvent.click(within(photoRow).getByRole('button', { name: 'Yes, discard' }));

    await until(() => screen.queryByTestId('count-attention')?.textContent === '0');
    expect((await allOps(db)).map((o) => [o.kind, o.state])).toEqual([['application.create', 'done']]);
    expect(screen.getByText('Everything is on the server')).toBeTruthy();
    expect(await h.server.db.query('SELECT id FROM files WHERE application_id=$1', [good])).toEqual([]);
  });
});

describe('what needs the officer outside the outbox', () => {
  it('is counted, and the screen says where it is: on the home, with a link', async () => {
    const db = h.newDb();
    // Started on this phone, sent, and waiting for its mobile OTP: nothing is parked, but the officer has to act.
    const id = await startApplication(db, { phone: '9876508888', name: 'Radha Bai' });
    await saveDraft(db, draftKey(id, 'borrower'), { name: 'Radha Bai' });
    await syncThenShow(db);
    await until(() => screen.queryByTestId('count-attention')?.textContent === '1');
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    const line = screen.getByText(/1 item that needs you is not in this list/);
    expect(within(line).getByRole('link', { name: 'see it on the home' }).getAttribute('href')).toBe('#/');
  });
});
