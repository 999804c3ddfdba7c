import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message';

describe('errorMessage (REQ-API-3)', () => {
  it.each([
    [{ success: false, message: 'Invalid OTP', status_code: 400 }, 'Invalid OTP'],
    [{ message: '{"message":"PAN not found","code":12}' }, 'PAN not found'],
    [{ message: '400 Bad Request: {"detail": "Voter id malformed"}' }, 'Voter id malformed'],
    [{ message: "upstream said detail='Bank down'" }, 'Bank down'],
    [{ detail: 'Only detail here' }, 'Only detail here'],
    [{ success: false }, 'Something went wrong!'],
    [{ message: '   ' }, 'Something went wrong!'],
    [null, 'Something went wrong!'],
    [undefined, 'Something went wrong!'],
    ['<html>502 Bad Gateway</html>', 'Something went wrong while processing the response.'],
  ])('%j → %s', (body, expected) => {
    expect(errorMessage(body)).toBe(expected);
  });
});
