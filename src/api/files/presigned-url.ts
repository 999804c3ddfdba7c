// GET /v1/loan-application/presigned-url?file_id= (REQ-FILE-6): a short-lived URL the server serves the
// file's bytes under; used to preview a document that is not on the phone.
import { PresignedUrlResponse } from '../../../contracts/files';
import { mainCall } from '../http';

export const presignedUrl = (fileId: string, signal?: AbortSignal) =>
  mainCall(PresignedUrlResponse, `/v1/loan-application/presigned-url?file_id=${encodeURIComponent(fileId)}`, { silent: true, signal });
