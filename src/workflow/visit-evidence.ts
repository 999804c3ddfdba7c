// What a reviewer reads about the field visits: each visit's figures (PD1's beside PD2's), its photos with
// where, when and how precisely they were taken, and the application's documents, whether on the server or on the phone.
import { CPV_BUSINESS_NUMBERS, CPV_HOUSEHOLD_NUMBERS, CPV_PHOTO_FIELDS, type CpvPhotoField } from '../../contracts/cpv';
import { msg } from '../../contracts/msg';
import { t } from '../i18n';
import { formatDateTime } from '../lib/format';

export type Visit = Record<string, unknown>;
export type VisitKind = 'business' | 'residence';
export const VISIT_TITLES: Record<VisitKind, string> = { business: msg('Business place visit'), residence: msg('Residence visit') };
export const VISIT_PHOTOS: Record<VisitKind, readonly CpvPhotoField[]> = {
  business: ['shop_photo_file', 'shop_selfie_photo_file', 'shop_photo_pd2_file'],
  residence: ['house_selfie_photo_file', 'house_photo_pd2_file'],
};
const NUMBERS: Record<VisitKind, Record<string, string>> = { business: CPV_BUSINESS_NUMBERS, residence: CPV_HOUSEHOLD_NUMBERS };

export type VisitSource = {
  status?: string;
  cpv_business?: Visit;
  cpv_residence?: Visit;
  pd2_cpv?: readonly string[];
  pd1_visits?: { business?: Visit | null; residence?: Visit | null };
};

/**
 * PD1's and PD2's record of one visit. The PD1 approval keeps its visits (`pd1_visits`); the review role's PD2 visit
 * replaces `cpv_{kind}` and is named in `pd2_cpv`. Before the approval the stored visit is PD1's.
 */
export function visitsOf(app: VisitSource | undefined, kind: VisitKind): { pd1?: Visit; pd2?: Visit } {
  const stored = kind === 'business' ? app?.cpv_business : app?.cpv_residence;
  const byPd2 = (app?.pd2_cpv ?? []).includes(kind);
  const pd1 = app?.pd1_visits ? (app.pd1_visits[kind] ?? undefined) : byPd2 ? undefined : stored;
  return { pd1, pd2: byPd2 ? stored : undefined };
}

export type FigureRow = { field: string; label: string; pd1?: number; pd2?: number };

/** The figures either visit recorded (a field both left at 0 is not shown). */
export function figureRows(kind: VisitKind, pd1: Visit | undefined, pd2: Visit | undefined): FigureRow[] {
  const num = (v: Visit | undefined, k: string) => (typeof v?.[k] === 'number' ? (v[k] as number) : undefined);
  return Object.entries(NUMBERS[kind])
    .map(([field, label]) => ({ field, label, pd1: num(pd1, field), pd2: num(pd2, field) }))
    .filter((r) => (r.pd1 ?? 0) !== 0 || (r.pd2 ?? 0) !== 0);
}

export type Place = { latitude: number; longitude: number; accuracy?: number; captured_at?: string };

/** A geotag as stored: an object, or REQ-FILE-5 JSON text. Anything else is no place. */
export function parsePlace(g: unknown): Place | null {
  let x = g;
  if (typeof x === 'string') {
    try {
      x = JSON.parse(x);
    } catch {
      return null;
    }
  }
  const o = x as Partial<Place> | null;
  if (!o || typeof o.latitude !== 'number' || typeof o.longitude !== 'number') return null;
  return {
    latitude: o.latitude,
    longitude: o.longitude,
    ...(typeof o.accuracy === 'number' ? { accuracy: o.accuracy } : {}),
    ...(typeof o.captured_at === 'string' ? { captured_at: o.captured_at } : {}),
  };
}

/** Where, how precisely and when, as the reviewer reads it; 0,0 is REQ-FILE-5 "no GPS found". */
export function describePlace(p: Place | null, fallbackAt?: string | number): { place: string; accuracy?: string; at?: string } {
  const when = p?.captured_at ?? fallbackAt;
  const ms = typeof when === 'number' ? when : when ? Date.parse(when) : Number.NaN;
  const at = Number.isFinite(ms) ? formatDateTime(ms) : undefined;
  if (!p || (p.latitude === 0 && p.longitude === 0)) return { place: t('No location found (0, 0)'), at };
  return {
    place: `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}`,
    ...(p.accuracy !== undefined ? { accuracy: `±${Math.round(p.accuracy)} m` } : {}),
    at,
  };
}

/** One document or photo of the application: its server id (or the phone's id before upload) and the phone's copy. */
export type AppDoc = { fileId: string; phoneId?: string; type: string; mime: string; place: Place | null; at?: string | number };
export type ServerFile = {
  file_id: string;
  file_type?: string | null;
  mime?: string | null;
  geo_tag?: unknown;
  created_at?: string | null;
};
export type PhoneFile = { id: string; serverFileId?: string; field: string; mime: string; geoTag?: unknown; createdAt: number };

/** The server's list (null when not read: offline) joined with the files on the phone, the phone's own still to upload. */
export function mergeDocuments(server: readonly ServerFile[] | null, phone: readonly PhoneFile[]): AppDoc[] {
  const used = new Set<string>();
  const copyOf = (fileId: string) => phone.find((p) => p.serverFileId === fileId || p.id === `srv:${fileId}`);
  const docs: AppDoc[] = (server ?? []).map((f) => {
    const copy = copyOf(f.file_id);
    if (copy) used.add(copy.id);
    return {
      fileId: f.file_id,
      phoneId: copy?.id,
      type: f.file_type ?? copy?.field ?? 'DOCUMENT',
      mime: f.mime ?? copy?.mime ?? '',
      place: parsePlace(f.geo_tag) ?? parsePlace(copy?.geoTag),
      at: f.created_at ?? copy?.createdAt,
    };
  });
  for (const p of phone) {
    if (used.has(p.id)) continue;
    docs.push({
      fileId: p.serverFileId ?? p.id.replace(/^srv:/, ''),
      phoneId: p.id,
      type: p.field,
      mime: p.mime,
      place: parsePlace(p.geoTag),
      at: p.createdAt,
    });
  }
  return docs;
}

/** 'SHOP_SELFIE_PHOTO' / 'pan_file' → 'Shop selfie photo' / 'Pan'. */
export const docLabel = (type: string) => {
  const words = type
    .replace(/_file$/i, '')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export type VisitPhoto = { field: CpvPhotoField; label: string; fileId: string; doc?: AppDoc; place: Place | null };

/** A visit's photos: the file each names, found among the documents, with its upload geotag (else the visit's own). */
/**
 * The visit photos taken for a visit not submitted yet (on the server's file list or the phone), as a visit of their
 * own: the latest of each field. The reviewer sees them, and their flags, before the figures come.
 */
export function looseVisit(kind: VisitKind, docs: readonly AppDoc[]): Visit | undefined {
  const fieldOf = (type: string) => `${type.toLowerCase().replace(/_file$/, '')}_file`;
  const out: Visit = {};
  for (const d of docs) {
    const f = fieldOf(d.type);
    if ((VISIT_PHOTOS[kind] as readonly string[]).includes(f)) out[f] = d.fileId;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export function visitPhotos(kind: VisitKind, visit: Visit | undefined, docs: readonly AppDoc[]): VisitPhoto[] {
  return VISIT_PHOTOS[kind].flatMap((field) => {
    const fileId = visit?.[field];
    if (typeof fileId !== 'string' || !fileId) return [];
    const doc = docs.find((d) => d.fileId === fileId || d.phoneId === fileId);
    return [{ field, label: CPV_PHOTO_FIELDS[field], fileId, doc, place: doc?.place ?? parsePlace(visit?.[`${field}_geo_tag`]) }];
  });
}
