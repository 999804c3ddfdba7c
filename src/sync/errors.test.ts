import { describe, expect, it } from 'vitest';
import { messageOf } from './errors';

// A refusal through the queue reads as the REQ-API-3 catalogue says, never 'Request failed (400)' or JSON.
describe('the message of a refused op', () => {
  it.each<[string, unknown, number, string]>([
    ['the server message', { message: 'Invalid pincode' }, 400, 'Invalid pincode'],
    ['an inner message in JSON text', { message: '{"message":"Invalid account number"}' }, 400, 'Invalid account number'],
    ['an embedded detail', { message: "Upstream said detail: 'PAN not found'" }, 422, 'PAN not found'],
    ['the detail field', { detail: 'Not allowed' }, 403, 'Not allowed'],
    ['no message at all', { success: false }, 400, 'Something went wrong!'],
    ['an empty body', null, 409, 'Something went wrong!'],
    ['an unreadable answer', '<html>oops</html>', 400, 'Something went wrong while processing the response.'],
    ['a 5xx without a message is retried', null, 503, 'The server had a problem. It will be retried.'],
    ['a 5xx with one says it', { message: 'Database unavailable' }, 503, 'Database unavailable'],
  ])('%s', (_n, body, status, text) => expect(messageOf(body, status)).toBe(text));
});
