import { describe, expect, it } from 'vitest';
import type { Transport } from '../sync/transport';
import { guestTransport } from './guest-transport';

describe('guestTransport', () => {
  const seen: string[] = [];
  const base: Transport = {
    request: async (api, method, path) => {
      seen.push(`${api} ${method} ${path}`);
      return { status: 200, data: null, headers: new Headers() };
    },
  };
  it.each([
    ['main', 'POST', '/v1/file/upload', 'main POST /v1/apply-loan/upload-file'],
    ['main', 'POST', '/v1/file/bulk-upload', 'main POST /v1/apply-loan/bulk-upload'],
    ['main', 'POST', '/v1/uploads', 'main POST /v1/uploads'],
    ['main', 'PATCH', '/v1/app/mfi/abc/basic-info', 'main PATCH /v1/app/mfi/abc/basic-info'],
    ['verification', 'POST', '/v1/file/upload', 'verification POST /v1/file/upload'],
  ] as const)('%s %s %s → %s', async (api, method, path, sent) => {
    await guestTransport(base).request(api, method, path);
    expect(seen.at(-1)).toBe(sent);
  });
});
