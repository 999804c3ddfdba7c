// @vitest-environment happy-dom
// The review summary on a phone with no network, over real Dexie: the application's facts, PD1's figures
// beside PD2's, a photo from the phone with its place, accuracy and time, and the specification's two preview messages.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CPV_REMARKS_KEY } from '../../contracts/cpv';
import { putFile } from '../db/files';
import { cacheList, cacheRecords } from '../db/records';
import { evidenceListKey } from '../photos/local-evidence';
import { UserDb } from '../db/user-db';
import { UserDbProvider } from '../db/user-db-context';
import { ReviewSummary, type SummaryApp } from './review-summary';

const SHOP = 'a'.repeat(32);
const SELFIE = 'b'.repeat(32);
const PAN = 'c'.repeat(32);
const APP_ID = 'd'.repeat(32);
const app: SummaryApp = {
  name: 'Ramesh Kumar',
  phone: '9876543210',
  address: '22 Laxmi Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  loan_type: 'MFI_BUSINESS_LOAN',
  amount_requested: 100000,
  tenure_requested: 18,
  status: 'PD2_COMPLETE',
  approval_checks: { decision: 'APPROVED', reasons: [] },
  business_info: { business_name: 'Ramesh Kirana Store' },
  pd1_visits: { business: { monthly_sales: 90000, rent: 6000, shop_photo_file: SHOP, [CPV_REMARKS_KEY]: 'Shop stocked' }, residence: null },
  cpv_business: {
    monthly_sales: 85000,
    rent: 6000,
    shop_photo_file: SHOP,
    shop_selfie_photo_file: SELFIE,
    shop_selfie_photo_file_geo_tag: '{"latitude":0,"longitude":0}',
  },
  pd2_cpv: ['business'],
};

const settle = async () => {
  for (let i = 0; i < 20; i += 1) await act(() => new Promise<void>((r) => setTimeout(r, 5)));
};

let db: UserDb;
beforeAll(async () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  // fake-indexeddb's structured clone under happy-dom hands Blobs back as plain objects, which Node's createObjectURL
  // refuses; the browser's own is exercised by the e2e (tests/e2e/second-stage.spec.ts).
  URL.createObjectURL = (b: Blob) => `blob:test-${(b as { size?: number }).size ?? 0}`;
  URL.revokeObjectURL = () => undefined;
  db = new UserDb(`flo-u-review-summary-${Date.now()}`);
  const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' });
  // The verifier's own shop photo, uploaded since; the PAN card taken offline at the branch.
  await putFile(db, {
    id: 'local-shop',
    blob: jpeg,
    name: 'shop.jpg',
    mime: 'image/jpeg',
    size: 4,
    appId: APP_ID,
    field: 'shop_photo_file',
    serverFileId: SHOP,
    geoTag: { latitude: 18.5167, longitude: 73.8563, accuracy: 12, captured_at: '2026-03-04T05:06:00Z', source: 'device' },
  });
  await putFile(db, {
    id: `srv:${PAN}`,
    blob: jpeg,
    name: 'pan',
    mime: 'image/jpeg',
    size: 4,
    appId: APP_ID,
    field: 'pan',
    serverFileId: PAN,
    geoTag: { latitude: 0, longitude: 0 },
  });
});
afterEach(cleanup);

describe('review summary, offline', () => {
  it("shows the facts, both visits' figures, the phone's photo with its place, and no preview for what is not here", async () => {
    const { container } = render(
      <UserDbProvider db={db}>
        <ReviewSummary appId={APP_ID} app={app} />
      </UserDbProvider>,
    );
    await settle();
    const facts = container.querySelector('dl[aria-label="Application"]')!;
    expect(facts.textContent).toContain('Ramesh Kumar');
    expect(facts.textContent).toContain('22 Laxmi Road, Pune, Maharashtra, 411001');
    expect(facts.textContent).toContain('Ramesh Kirana Store');
    expect(facts.textContent).toContain('MFI Business Loan, ₹1,00,000.00, 18 months');
    expect(facts.textContent).toContain('Bureau decisionAPPROVED');
    expect(facts.textContent).toContain('DeviationsNone');

    const visit = screen.getByRole('region', { name: 'Business place visit' });
    const sales = within(visit).getByRole('row', { name: /Monthly Sales/ });
    expect(sales.textContent).toBe('Monthly Sales90,00085,000');
    expect(
      within(visit)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Figure', 'PD1', 'PD2']);
    expect(visit.textContent).toContain('PD1 remarks: Shop stocked');

    const shop = within(visit).getByRole('figure', { name: 'Shop Photo' });
    expect(within(shop).getByRole('img', { name: 'Shop Photo' }).getAttribute('src')).toMatch(/^blob:/);
    expect(shop.textContent).toMatch(/18\.51670, 73\.85630 · ±12 m · 04-03-2026/);
    // PD2's selfie was never on this phone, and there is no network: nothing to show.
    const selfie = within(visit).getByRole('figure', { name: 'PD2 · Shop Selfie Photo' });
    expect(selfie.textContent).toContain('No preview available');
    expect(selfie.textContent).toContain('No location found (0, 0)');
    expect(screen.getByRole('region', { name: 'Residence visit' }).textContent).toContain('Not visited yet.');
  });

  it('opens a document held on the phone; a picture that does not load says so', async () => {
    render(
      <UserDbProvider db={db}>
        <ReviewSummary appId={APP_ID} app={app} />
      </UserDbProvider>,
    );
    await settle();
    const docs = screen.getByRole('region', { name: 'Documents' });
    fireEvent.click(within(docs).getByRole('button', { name: 'Pan' }));
    await settle();
    const img = within(docs).getByRole('img', { name: 'Pan' });
    fireEvent.error(img);
    expect(within(docs).getByRole('figure', { name: 'Pan' }).textContent).toContain('Error loading preview');
  });

  it("puts a photo's flags under the photo, and groups the documents by person", async () => {
    // The server's file list as the phone kept it: the shop photo flagged, the co-borrower's PAN card.
    await cacheList(db, evidenceListKey(APP_ID), [
      { file_id: SHOP, file_type: 'SHOP_PHOTO', mime: 'image/jpeg', integrity_flags: [{ flag: 'MOCK_SUSPECTED', detail: 'accuracy 0' }] },
    ]);
    await cacheRecords(db, 'coApplicants', [
      {
        id: 'co1',
        appId: APP_ID,
        data: { id: 'co1', type: 'CO_BORROWER', name: 'Sunita Devi', record_index: 1, status: 'APPROVED', pan_file: PAN },
      },
    ]);
    render(
      <UserDbProvider db={db}>
        <ReviewSummary appId={APP_ID} app={app} />
      </UserDbProvider>,
    );
    await settle();
    const visit = screen.getByRole('region', { name: 'Business place visit' });
    const shop = within(visit)
      .getAllByTestId('visit-photo')
      .find((el) => within(el).queryByRole('figure', { name: 'Shop Photo' }));
    expect(within(shop!).getByRole('list', { name: 'Flags' }).textContent).toContain('accuracy 0');
    const docs = screen.getByRole('region', { name: 'Documents' });
    expect(within(docs).getByRole('region', { name: 'Co-borrower Sunita Devi' }).textContent).toContain('Pan');
  });
});
