// @vitest-environment happy-dom
// REQ-FILE-1 on a real Dexie: a reopened record's stored document shows as uploaded (not an empty field), and a failed
// upload clears the value, the previews and the file, while the field still says it failed.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { putFile } from '../db/files';
import { writeOp } from '../db/outbox';
import { UserDb } from '../db/user-db';
import { PhotoField, STORED_OFFLINE_TEXT } from './photo-field';

const APP = 'c'.repeat(32);
let db: UserDb;
const seen: (string | null)[] = [];

function Field({ start }: { start: string }) {
  const [value, setValue] = useState<string | null>(start);
  return (
    <PhotoField
      db={db}
      label="PAN card"
      allowPdf
      value={value}
      target={{ appId: APP, field: 'pan_file', fileType: 'PAN', label: 'PAN card' }}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

beforeAll(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  URL.createObjectURL = () => 'blob:test';
  URL.revokeObjectURL = () => undefined;
  db = new UserDb(`flo-u-photo-field-${Date.now()}`);
});
afterEach(cleanup);

describe('PhotoField', () => {
  it("a reopened record's stored document shows as uploaded, not as an empty field", async () => {
    render(<Field start={'d'.repeat(32)} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Uploaded'));
    expect(screen.getByText(STORED_OFFLINE_TEXT)).toBeTruthy();
  });

  it('a failed upload clears the value and the file on the phone, and still says it failed', async () => {
    await putFile(db, {
      id: 'local-failed',
      blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }),
      name: 'pan.jpg',
      mime: 'image/jpeg',
      size: 4,
      geoTag: { latitude: 0, longitude: 0, source: 'none' },
      appId: APP,
      field: 'pan_file',
      uploadState: 'failed',
    });
    await writeOp(db, {
      id: 'op-failed',
      appId: APP,
      kind: 'file.upload',
      api: 'main',
      method: 'POST',
      path: '/v1/file/upload',
      fileId: 'local-failed',
      idempotencyKey: 'k-failed',
      dependsOn: [],
      state: 'needs-attention',
      attempts: 1,
      nextAttemptAt: 0,
      lastError: { status: 415, message: 'Only JPEG, PNG or PDF files can be uploaded' },
      createdAt: 0,
      updatedAt: 0,
    });
    render(<Field start="local-failed" />);
    await waitFor(() => expect(seen).toContain(null));
    expect(await db.files.get('local-failed')).toBeUndefined();
    expect(screen.getByRole('status').textContent).toContain('Upload failed');
    expect(screen.getByText('Only JPEG, PNG or PDF files can be uploaded')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
