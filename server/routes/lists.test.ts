import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankListResponse, BusinessCategoryListResponse } from '../../contracts/lists';
import { SERVER_MSG } from '../../contracts/messages';
import { call, makeTestServer, signIn, type TestServer } from '../test-helpers';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await makeTestServer();
  token = await signIn(s.app);
});
afterAll(async () => {
  await s.close();
});

describe('lists', () => {
  it('answers the bank list with exactly one bank without a code', async () => {
    const r = v.parse(BankListResponse, (await call(s.app, 'GET', '/v1/bank/list', { token })).body);
    expect(r.data.length).toBeGreaterThanOrEqual(15);
    expect(r.data.find((b) => b.name === 'State Bank of India')?.code).toBe('SBIN');
    expect(r.data.filter((b) => b.code === null).map((b) => b.name)).toEqual(['Local Co-operative Bank']);
    expect(new Set(r.data.map((b) => b.id)).size).toBe(r.data.length);
  });

  it('answers business categories by sector', async () => {
    const r = v.parse(BusinessCategoryListResponse, (await call(s.app, 'GET', '/v1/mfi/business-category', { token })).body);
    expect(r.data.length).toBeGreaterThanOrEqual(20);
    expect(r.data).toContainEqual({ sector: 'Trading', businessCategory: 'Kirana Store' });
    expect(r.data).toContainEqual({ sector: 'Manufacturing', businessCategory: 'Tailoring' });
    expect(r.data).toContainEqual({ sector: 'Services', businessCategory: 'Beauty Parlour' });
  });

  it.each(['/v1/bank/list', '/v1/mfi/business-category'])('%s needs a token', async (path) => {
    expect((await call(s.app, 'GET', path)).status).toBe(401);
  });

  it('the pincode lookup needs no token: the partner registration form of a visitor fills the city from it', async () => {
    const r = await call(s.app, 'GET', '/v1/pincode/get-city-state?pincode=411001');
    expect(r.status).toBe(200);
    expect((r.body as { data: unknown }).data).toEqual({ city: 'Pune', district: 'Pune', state: 'Maharashtra' });
  });
});

describe('pincode lookup', () => {
  it.each([
    ['411001', { city: 'Pune', district: 'Pune', state: 'Maharashtra' }],
    ['110001', { city: 'New Delhi', district: 'New Delhi', state: 'Delhi' }],
    ['560001', { city: 'Bengaluru', district: 'Bengaluru Urban', state: 'Karnataka' }],
    ['411038', { city: 'Pune', district: 'Pune', state: 'Maharashtra' }],
    ['302019', { city: 'Jaipur', district: 'Jaipur', state: 'Rajasthan' }],
    ['700091', { city: 'Kolkata', district: 'Kolkata', state: 'West Bengal' }],
  ])('%s → %o', async (pincode, data) => {
    const r = await call(s.app, 'GET', `/v1/pincode/get-city-state?pincode=${pincode}`, { token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(data);
  });

  it.each([
    ['000000', 400, SERVER_MSG.invalidPincode],
    ['41100', 400, SERVER_MSG.invalidPincode],
    ['41100a', 400, SERVER_MSG.invalidPincode],
    ['', 400, SERVER_MSG.invalidPincode],
    ['990001', 404, SERVER_MSG.pincodeNotFound],
  ])('%s → %i', async (pincode, status, message) => {
    const r = await call(s.app, 'GET', `/v1/pincode/get-city-state?pincode=${pincode}`, { token });
    expect(r.body).toEqual({ success: false, message, status_code: status });
  });
});
