// A visitor's uploads go through the public upload calls (REQ-FILE-6 POST /v1/apply-loan/upload-file and
// /v1/apply-loan/bulk-upload); everything else is the staff call with the guest token.
import type { Transport } from '../sync/transport';

export const PUBLIC_UPLOAD_PATHS: Readonly<Record<string, string>> = {
  '/v1/file/upload': '/v1/apply-loan/upload-file',
  // The public flow has no captured-image call of its own: a visitor's camera photo goes by its single upload.
  '/v1/file/upload-captured-image': '/v1/apply-loan/upload-file',
  '/v1/file/bulk-upload': '/v1/apply-loan/bulk-upload',
};

/** Reads and removes the visitor's guest token (src/api/credentials.ts in the app; a stand-in in tests). */
export type GuestTokenStore = { current: () => string | null; drop: () => void };

/**
 * REQ-AUTH-12: a 401 through the visitor's queue removes the guest token it was sent with, so the pages ask
 * for the mobile again; a late 401 of a token the visitor has already replaced removes nothing.
 */
export const guestTransport = (base: Transport, token?: GuestTokenStore): Transport => ({
  request: async (api, method, path, init) => {
    const sentWith = token?.current() ?? null;
    const res = await base.request(api, method, (api === 'main' && PUBLIC_UPLOAD_PATHS[path]) || path, init);
    if (res.status === 401 && token && sentWith !== null && token.current() === sentWith) token.drop();
    return res;
  },
});
