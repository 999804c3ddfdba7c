import * as v from 'valibot';
import { GeoTag } from '../../contracts/files';
import { MSG } from '../../contracts/messages';
import { PhotoEvidence } from '../../contracts/photo-integrity';
import { ApiError } from '../api-error';

/** What a caller may say about an upload (multipart fields or the chunked-upload create body). */
export type FileMeta = {
  file_type: string | null;
  upload_type: string | null;
  application_id: string | null;
  name_prefix: string | null;
  record_index: number | null;
  geo_tag: GeoTag | null;
  /** How a visit photo was taken (JSON text field `evidence`). */
  evidence: PhotoEvidence | null;
};

const SHORT_TEXT = /^[A-Za-z0-9_. -]{1,64}$/;

const text = (value: unknown, field: string): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !SHORT_TEXT.test(value)) throw new ApiError(400, `Invalid ${field}`);
  return value;
};

/**
 * Our application ids are 32 hex characters (the routes' pattern): anything else names no application of ours, and a
 * free-text id would store whatever it says (a full Aadhaar number, say).
 */
const appId = (value: unknown): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !/^[0-9a-f]{32}$/.test(value)) throw new ApiError(400, 'Invalid application_id');
  return value;
};

export function parseGeoTag(value: unknown): GeoTag | null {
  if (value === undefined || value === null || value === '') return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new ApiError(400, 'Invalid geo_tag');
    }
  }
  const r = v.safeParse(GeoTag, parsed);
  if (!r.success) throw new ApiError(400, 'Invalid geo_tag');
  const { latitude, longitude } = r.output;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new ApiError(400, 'Invalid geo_tag');
  return r.output;
}

export function parseEvidence(value: unknown): PhotoEvidence | null {
  if (value === undefined || value === null || value === '') return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    if (value.length > 2000) throw new ApiError(400, 'Invalid evidence');
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new ApiError(400, 'Invalid evidence');
    }
  }
  const r = v.safeParse(PhotoEvidence, parsed);
  if (!r.success) throw new ApiError(400, 'Invalid evidence');
  return r.output;
}

export function parseFileMeta(fields: Record<string, unknown>): FileMeta {
  const ri = fields.record_index;
  let record_index: number | null = null;
  if (ri !== undefined && ri !== null && ri !== '') {
    record_index = Number(ri);
    if (!Number.isInteger(record_index) || record_index < 0 || record_index > 1000) throw new ApiError(400, MSG.invalidInput);
  }
  return {
    file_type: text(fields.file_type, 'file_type'),
    upload_type: text(fields.upload_type, 'upload_type'),
    application_id: appId(fields.application_id),
    name_prefix: text(fields.name_prefix, 'name_prefix'),
    record_index,
    geo_tag: parseGeoTag(fields.geo_tag),
    evidence: parseEvidence(fields.evidence),
  };
}
