import { describe, expect, it } from 'vitest';
import { metricsAccess } from './metrics-access.js';

const TOKEN = 'metrics-token-0123456789';

describe('metricsAccess', () => {
  it('lets the right bearer token in', () => {
    expect(metricsAccess(`Bearer ${TOKEN}`, TOKEN)).toBe('allowed');
    expect(metricsAccess(`bearer  ${TOKEN}`, TOKEN)).toBe('allowed');
  });

  it('refuses a request without a bearer token, whether or not a token is set', () => {
    for (const authorization of [undefined, '', 'Bearer', `Basic ${TOKEN}`, TOKEN]) {
      expect(metricsAccess(authorization, TOKEN)).toBe('no-token');
      expect(metricsAccess(authorization, undefined)).toBe('no-token');
    }
  });

  it('refuses a wrong token, and any token when none is set', () => {
    for (const wrong of [`${TOKEN}x`, TOKEN.slice(0, -1), 'x', `${TOKEN.toUpperCase()}`]) {
      expect(metricsAccess(`Bearer ${wrong}`, TOKEN)).toBe('wrong-token');
    }
    expect(metricsAccess(`Bearer ${TOKEN}`, undefined)).toBe('wrong-token');
  });
});
