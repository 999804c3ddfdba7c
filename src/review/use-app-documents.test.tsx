// @vitest-environment happy-dom
// Every object URL a document preview makes is revoked, including when the preview goes away while the phone
// is still reading the file (the officer scrolls on, closes the row, opens the next application). Real Dexie.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { putFile } from '../db/files';
import { UserDb } from '../db/user-db';
import { usePreviewUrl } from './use-app-documents';
import type { AppDoc } from '../workflow/visit-evidence';

const made = new Set<string>();
let seq = 0;
let db: UserDb;
const doc: AppDoc = { fileId: 'f'.repeat(32), phoneId: 'local-1', type: 'pan_file', mime: 'image/jpeg', place: null };
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await act(() => new Promise<void>((r) => setTimeout(r, 5)));
};

beforeAll(async () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  URL.createObjectURL = () => {
    const u = `blob:test-${++seq}`;
    made.add(u);
    return u;
  };
  URL.revokeObjectURL = (u: string) => void made.delete(u);
  db = new UserDb(`flo-u-preview-url-${Date.now()}`);
  await putFile(db, {
    id: 'local-1',
    blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }),
    name: 'pan.jpg',
    mime: 'image/jpeg',
    size: 4,
    appId: 'a1',
    field: 'pan_file',
    geoTag: { latitude: 0, longitude: 0 },
  });
});
afterEach(cleanup);

describe('usePreviewUrl', () => {
  it('revokes the URL of a preview that was shown, when it goes', async () => {
    const { result, unmount } = renderHook(() => usePreviewUrl(db, doc));
    await settle();
    expect(result.current.kind).toBe('url');
    expect(made.size).toBe(1);
    unmount();
    expect(made.size).toBe(0);
  });

  it('makes no URL for a preview that went while the phone was still reading the file', async () => {
    const { unmount } = renderHook(() => usePreviewUrl(db, doc));
    unmount();
    await settle();
    expect(made.size).toBe(0);
  });

  it('one URL at a time when the preview moves to another document', async () => {
    await putFile(db, {
      id: 'local-2',
      blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }),
      name: 'b.jpg',
      mime: 'image/jpeg',
      size: 4,
      appId: 'a1',
      field: 'voter_id_file',
      geoTag: { latitude: 0, longitude: 0 },
    });
    const { rerender, unmount } = renderHook(({ d }) => usePreviewUrl(db, d), { initialProps: { d: doc } });
    rerender({ d: { ...doc, phoneId: 'local-2' } });
    await settle();
    expect(made.size).toBe(1);
    unmount();
    expect(made.size).toBe(0);
  });
});
