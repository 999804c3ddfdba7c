import { describe, expect, it } from 'vitest';
import type { FileRow, OutboxOp } from '../db/types';
import { photoStatus } from './use-local-photo';

const file = (change: Partial<FileRow> = {}): FileRow => ({
  id: 'f',
  blob: new Blob(['x']),
  name: 'a.jpg',
  mime: 'image/jpeg',
  size: 400,
  geoTag: { latitude: 1, longitude: 2, source: 'device' },
  appId: 'a',
  field: 'photo_file',
  uploadState: 'local',
  bytesSent: 0,
  createdAt: 0,
  ...change,
});
const op = (state: OutboxOp['state'], lastError?: OutboxOp['lastError']) => ({ state, lastError }) as OutboxOp;

describe('photo field status from the file row and its upload op', () => {
  it.each([
    ['no photo', undefined, undefined, { status: 'NONE' }],
    ['kept on the phone, queued', file(), op('queued'), { status: 'NONE', waiting: true }],
    ['being sent', file({ uploadState: 'uploading', bytesSent: 100 }), op('sending'), { status: 'PROGRESS', progress: 0.25 }],
    ['sending, no bytes yet', file(), op('sending'), { status: 'PROGRESS', progress: 0 }],
    ['uploaded', file({ uploadState: 'uploaded' }), op('done'), { status: 'SUCCESS' }],
    [
      'refused by the server',
      file({ uploadState: 'failed' }),
      op('needs-attention', { status: 415, message: 'Not a picture' }),
      { status: 'FAILED', reason: 'Not a picture' },
    ],
  ] as const)('%s', (_name, f, o, expected) => {
    expect(photoStatus(f, o)).toMatchObject(expected);
    if (expected.status !== 'NONE' || !('waiting' in expected)) expect(photoStatus(f, o).waiting).toBeUndefined();
  });
});
