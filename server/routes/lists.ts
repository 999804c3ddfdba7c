import { Hono } from 'hono';
import { PincodeQuery } from '../../contracts/lists';
import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import type { AppEnv } from '../app-env';
import { BANKS } from '../fixtures/banks';
import { BUSINESS_CATEGORIES } from '../fixtures/business-categories';
import { requireAuth } from '../middleware/session';
import { ok, validate } from '../respond';
import { lookupPincode } from '../services/pincode-lookup';

export const listRoutes = new Hono<AppEnv>()
  .get('/v1/bank/list', requireAuth(), (c) => ok(c, BANKS))
  .get('/v1/mfi/business-category', requireAuth(), (c) => ok(c, BUSINESS_CATEGORIES))
  // Public reference data (no token): the visitor's partner registration form fills city and state from it too.
  .get('/v1/pincode/get-city-state', (c) => {
    const { pincode } = validate(PincodeQuery, { pincode: c.req.query('pincode') ?? '' });
    const found = lookupPincode(pincode);
    if (!found) throw new ApiError(404, SERVER_MSG.pincodeNotFound);
    return ok(c, found);
  });
