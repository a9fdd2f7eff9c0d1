import { describe, expect, it } from 'vitest';
import { isPrivateAddress, metricsAccess } from './metrics-access.js';

const TOKEN = 'metrics-token-0123456789';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.20',
    '169.254.169.254',
    '::1',
    '0:0:0:0:0:0:0:1',
    'fd00::5',
    'fc00::1',
    'fe80::1',
    'fe80::1%eth0',
    '::ffff:127.0.0.1',
    '::ffff:10.1.2.3',
    '::ffff:a01:203', // ::ffff:10.1.2.3 written in hex
    '::FFFF:192.168.0.1',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '203.0.113.7',
    '8.8.8.8',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '11.0.0.1',
    '2001:db8::1',
    '2606:4700::1111',
    'fec0::1',
    '::ffff:203.0.113.7',
    '::',
    '0.0.0.0',
    '',
    'localhost',
    '127.0.0.1, 203.0.113.7',
    undefined,
  ])('%s is not', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('metricsAccess', () => {
  it('answers private addresses without a token, and refuses public ones', () => {
    expect(metricsAccess('10.0.0.5', undefined, TOKEN)).toBe('allowed');
    expect(metricsAccess('::1', undefined, undefined)).toBe('allowed');
    expect(metricsAccess('203.0.113.7', undefined, TOKEN)).toBe('not-private');
    expect(metricsAccess(undefined, undefined, TOKEN)).toBe('not-private');
  });

  it('lets the right bearer token in from anywhere', () => {
    expect(metricsAccess('203.0.113.7', `Bearer ${TOKEN}`, TOKEN)).toBe('allowed');
    expect(metricsAccess('203.0.113.7', `bearer  ${TOKEN}`, TOKEN)).toBe('allowed');
  });

  it('refuses a wrong token even from a private address, and any token when none is set', () => {
    for (const wrong of [`${TOKEN}x`, TOKEN.slice(0, -1), 'x', `${TOKEN.toUpperCase()}`]) {
      expect(metricsAccess('10.0.0.5', `Bearer ${wrong}`, TOKEN)).toBe('wrong-token');
    }
    expect(metricsAccess('10.0.0.5', `Bearer ${TOKEN}`, undefined)).toBe('wrong-token');
  });

  it('judges by address when the Authorization header is not a bearer token', () => {
    expect(metricsAccess('203.0.113.7', `Basic ${TOKEN}`, TOKEN)).toBe('not-private');
    expect(metricsAccess('10.0.0.5', 'Bearer', TOKEN)).toBe('allowed');
  });
});
