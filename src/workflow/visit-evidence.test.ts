import { describe, expect, it } from 'vitest';
import { describePlace, docLabel, figureRows, mergeDocuments, parsePlace, visitPhotos, visitsOf } from './visit-evidence';

const PD1 = {
  monthly_sales: 90000,
  rent: 6000,
  salary: 0,
  shop_photo_file: 'a'.repeat(32),
  shop_photo_file_geo_tag: '{"latitude":18.5,"longitude":73.8}',
};
const PD2 = { monthly_sales: 85000, rent: 6000, gross_margin_percentage: 8 };

describe('whose visit is whose (PD1, PD2)', () => {
  it("before the approval the stored visit is PD1's", () => {
    expect(visitsOf({ status: 'PD1_REVIEW', cpv_business: PD1 }, 'business')).toEqual({ pd1: PD1, pd2: undefined });
  });
  it('after PD2 visited: the approved PD1 visit beside the stored PD2 one', () => {
    const app = { cpv_business: PD2, pd2_cpv: ['business'], pd1_visits: { business: PD1, residence: null } };
    expect(visitsOf(app, 'business')).toEqual({ pd1: PD1, pd2: PD2 });
    expect(visitsOf(app, 'residence')).toEqual({ pd1: undefined, pd2: undefined });
  });
  it("an older PD2 visit without a kept PD1 is PD2's only", () => {
    expect(visitsOf({ cpv_business: PD2, pd2_cpv: ['business'] }, 'business')).toEqual({ pd1: undefined, pd2: PD2 });
  });
});

describe('figures', () => {
  it("either visit's figures, in the form's order, a field both left at 0 out", () => {
    expect(figureRows('business', PD1, PD2)).toEqual([
      { field: 'monthly_sales', label: 'Monthly Sales', pd1: 90000, pd2: 85000 },
      { field: 'rent', label: 'Rent', pd1: 6000, pd2: 6000 },
      { field: 'gross_margin_percentage', label: 'Gross Margin Percentage', pd1: undefined, pd2: 8 },
    ]);
    expect(figureRows('residence', PD1, undefined)).toEqual([]);
  });
});

describe('places', () => {
  it.each([
    ['{"latitude":18.5,"longitude":73.8}', { latitude: 18.5, longitude: 73.8 }],
    [
      { latitude: 1, longitude: 2, accuracy: 12, captured_at: '2026-01-02T03:04:05Z', source: 'device' },
      { latitude: 1, longitude: 2, accuracy: 12, captured_at: '2026-01-02T03:04:05Z' },
    ],
    ['not json', null],
    [{ latitude: '1', longitude: 2 }, null],
    [null, null],
  ])('%j reads as %j', (g, expected) => expect(parsePlace(g)).toEqual(expected));
  it('says where, how precisely and when; 0,0 is no location', () => {
    expect(describePlace({ latitude: 18.516712, longitude: 73.85634, accuracy: 11.6, captured_at: '2026-01-02T03:04:05Z' })).toMatchObject({
      place: '18.51671, 73.85634',
      accuracy: '±12 m',
      at: expect.stringMatching(/^02-01-2026/),
    });
    expect(describePlace({ latitude: 0, longitude: 0 }).place).toBe('No location found (0, 0)');
    expect(describePlace(null, Date.UTC(2026, 0, 2)).at).toMatch(/^02-01-2026/);
  });
});

describe("documents: the server's list joined with the phone", () => {
  const server = [
    { file_id: 'f1', file_type: 'PAN', mime: 'image/jpeg', geo_tag: { latitude: 1, longitude: 2 }, created_at: '2026-01-01T00:00:00Z' },
    { file_id: 'f2', file_type: 'SHOP_PHOTO', mime: 'image/jpeg' },
  ];
  const phone = [
    { id: 'srv:f1', serverFileId: 'f1', field: 'pan', mime: 'image/jpeg', createdAt: 5 },
    {
      id: 'local-1',
      serverFileId: 'f2',
      field: 'shop_photo_file',
      mime: 'image/jpeg',
      geoTag: { latitude: 3, longitude: 4, accuracy: 9 },
      createdAt: 6,
    },
    { id: 'local-2', field: 'house_selfie_photo_file', mime: 'image/jpeg', createdAt: 7 },
  ];
  it("each server file once, with the phone's copy; the phone's own not yet uploaded after them", () => {
    const docs = mergeDocuments(server, phone);
    expect(docs.map((d) => [d.fileId, d.phoneId, d.type])).toEqual([
      ['f1', 'srv:f1', 'PAN'],
      ['f2', 'local-1', 'SHOP_PHOTO'],
      ['local-2', 'local-2', 'house_selfie_photo_file'],
    ]);
    expect(docs[1]!.place).toEqual({ latitude: 3, longitude: 4, accuracy: 9 });
  });
  it('offline (no server list): what the phone holds, by server id where it has one', () => {
    expect(mergeDocuments(null, phone).map((d) => d.fileId)).toEqual(['f1', 'f2', 'local-2']);
  });
  it("a visit's photos find their document by server or phone id", () => {
    const docs = mergeDocuments(server, phone);
    const photos = visitPhotos(
      'business',
      { shop_photo_file: 'f2', shop_selfie_photo_file: 'gone', shop_selfie_photo_file_geo_tag: '{"latitude":0,"longitude":0}' },
      docs,
    );
    expect(photos.map((p) => [p.label, p.doc?.phoneId, p.place])).toEqual([
      ['Shop Photo', 'local-1', { latitude: 3, longitude: 4, accuracy: 9 }],
      ['Shop Selfie Photo', undefined, { latitude: 0, longitude: 0 }],
    ]);
  });
  it.each([
    ['SHOP_SELFIE_PHOTO', 'Shop selfie photo'],
    ['pan_file', 'Pan'],
  ])('%s is labelled %s', (t, l) => expect(docLabel(t)).toBe(l));
});
