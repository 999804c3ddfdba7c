// A visitor's uploads go through the public upload calls (platform §7 POST /v1/apply-loan/upload-file and
// /v1/apply-loan/bulk-upload); everything else is the staff call with the guest token.
import type { Transport } from '../sync/transport';

export const PUBLIC_UPLOAD_PATHS: Readonly<Record<string, string>> = {
  '/v1/file/upload': '/v1/apply-loan/upload-file',
  // The public flow has no captured-image call of its own: a visitor's camera photo goes by its single upload.
  '/v1/file/upload-captured-image': '/v1/apply-loan/upload-file',
  '/v1/file/bulk-upload': '/v1/apply-loan/bulk-upload',
};

export const guestTransport = (base: Transport): Transport => ({
  request: (api, method, path, init) => base.request(api, method, (api === 'main' && PUBLIC_UPLOAD_PATHS[path]) || path, init),
});
