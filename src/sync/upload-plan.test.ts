import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, MIN_CHUNK_BYTES, SINGLE_UPLOAD_MAX_BYTES, uploadPlan } from './upload';

const KB = 1024;
describe('how an upload goes, by the link it is on (bytes show as they go on every link speed)', () => {
  it.each([
    ['a photo on an unmeasured link: one POST, as before', 240 * KB, null, 'single'],
    ['a large file on an unmeasured link: chunks of the usual size', SINGLE_UPLOAD_MAX_BYTES + 1, null, { chunkSize: CHUNK_BYTES }],
    ['a photo on a fast link (1 MB/s): one POST', 240 * KB, 1024 * KB, 'single'],
    [
      'a photo on a 2G link (~6 KB/s): chunks of the floor size, progress every few seconds',
      240 * KB,
      6 * KB,
      { chunkSize: MIN_CHUNK_BYTES },
    ],
    ['a photo on a 3G link (~50 KB/s): chunks of about 2 seconds', 240 * KB, 50 * KB, { chunkSize: 100 * KB }],
    ['a large file on a fast link: the usual chunks, never larger', 5 * 1024 * KB, 10 * 1024 * KB, { chunkSize: CHUNK_BYTES }],
  ])('%s', (_name, size, rate, plan) => {
    expect(uploadPlan(size, rate)).toEqual(plan);
  });
});
