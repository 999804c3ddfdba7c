// @vitest-environment happy-dom
// The form takes an Aadhaar front's reading once its upload has answered, once per file, and says so only
// when it filled something (real Dexie; the toast is watched, not replaced).
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserDb } from '../db/user-db';
import { toast } from '../lib/toast';
import { AADHAAR_FRONT_PREFILLED, type AadhaarFrontReading, useAadhaarFrontPrefill } from './use-aadhaar-front-prefill';

const READING = { name: 'Sunita Devi', dob: '01-01-1985', gender: 'FEMALE', aadhaar_last4: '4321' };

async function uploadAnswered(db: UserDb, fileId: string, parsed: unknown) {
  await db.outbox.add({
    id: `op-${fileId}`,
    appId: 'a'.repeat(32),
    kind: 'file.upload',
    api: 'main',
    method: 'POST',
    path: '/v1/file/upload',
    fileId,
    idempotencyKey: `k-${fileId}`,
    dependsOn: [],
    state: 'done',
    attempts: 1,
    nextAttemptAt: 0,
    createdAt: 0,
    updatedAt: 0,
    result: { success: true, data: { file_id: 'f'.repeat(32), parsed_data: parsed } },
  } as never);
}

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await act(() => new Promise<void>((r) => setTimeout(r, 5)));
};

function Form({ db, fileId, fill }: { db: UserDb; fileId: string; fill: (r: AadhaarFrontReading) => boolean }) {
  useAadhaarFrontPrefill(db, fileId, fill);
  return null;
}

afterEach(cleanup);

describe('Aadhaar front prefill', () => {
  it('fills once from the answered upload and says so', async () => {
    const db = new UserDb(`flo-u-front-${Date.now()}`);
    const said = vi.spyOn(toast, 'success');
    const fill = vi.fn(() => true);
    const { rerender } = render(<Form db={db} fileId="local-front" fill={fill} />);
    await settle();
    expect(fill).not.toHaveBeenCalled();
    await uploadAnswered(db, 'local-front', READING);
    await settle();
    rerender(<Form db={db} fileId="local-front" fill={fill} />);
    await settle();
    expect(fill).toHaveBeenCalledTimes(1);
    expect(fill).toHaveBeenCalledWith(READING);
    expect(said).toHaveBeenCalledWith(AADHAAR_FRONT_PREFILLED);
    said.mockRestore();
  });

  it('nothing to fill (all typed already), or nothing read: no message', async () => {
    const db = new UserDb(`flo-u-front2-${Date.now()}`);
    const said = vi.spyOn(toast, 'success');
    await uploadAnswered(db, 'typed', READING);
    await uploadAnswered(db, 'pan', null);
    const fill = vi.fn(() => false);
    render(
      <>
        <Form db={db} fileId="typed" fill={fill} />
        <Form db={db} fileId="pan" fill={fill} />
      </>,
    );
    await settle();
    expect(fill).toHaveBeenCalledTimes(1);
    expect(said).not.toHaveBeenCalledWith(AADHAAR_FRONT_PREFILLED);
    said.mockRestore();
  });
});
