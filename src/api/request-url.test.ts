import { describe, expect, it } from 'vitest';
import { requestUrl } from './http';

describe('requestUrl (the API clients on plain fetch, issue 23)', () => {
  it.each([
    ['/api/main', '/v1/x', undefined, '/api/main/v1/x'],
    ['/api/main/', 'v1/x', undefined, '/api/main/v1/x'],
    ['https://api.lender.in/main', '/v1/x', { a: 'b c', n: 2, u: undefined }, 'https://api.lender.in/main/v1/x?a=b+c&n=2'],
    ['/api/main', '/v1/x?y=1', { z: 'ä' }, '/api/main/v1/x?y=1&z=%C3%A4'],
    ['/api/main', '/v1/x', {}, '/api/main/v1/x'],
  ])('%s + %s + %j → %s', (base, path, query, url) => {
    expect(requestUrl(base, path, query)).toBe(url);
  });
});
