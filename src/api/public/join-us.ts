// REQ-PUB-3 partner registration: POST /v1/join-us/upload-file (a document, answered with its file id) and
// POST /v1/join-us/request (the registration, idempotent by its key), and GET /v1/join-us/track by mobile.
import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import { type PartnerRequest, PartnerRequestResponse, PartnerTrackResponse } from '../../../contracts/partner';
import { mainCall } from '../http';

export const UploadAnswer = envelope(v.object({ file_id: v.string() }));

export const uploadPartnerFile = (body: FormData) =>
  mainCall(UploadAnswer, '/v1/join-us/upload-file', { method: 'POST', body, silent: true });

export const sendPartnerRequest = (body: v.InferOutput<typeof PartnerRequest>, idempotencyKey: string) =>
  mainCall(PartnerRequestResponse, '/v1/join-us/request', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    silent: true,
  });

export const trackPartner = (mobile: string) =>
  mainCall(PartnerTrackResponse, '/v1/join-us/track', { query: { tracker_id: mobile }, silent: true, blocking: true });
