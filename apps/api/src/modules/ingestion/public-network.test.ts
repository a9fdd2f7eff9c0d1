import type { LookupAddress, LookupOptions } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, PrivateAddressError, publicOnlyLookup } from './public-network.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '2001:db8::1',
    'localhost',
    '',
  ])('%s is not public', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('publicOnlyLookup', () => {
  const lookupWith = (addresses: LookupAddress[], options: LookupOptions) =>
    new Promise<{ err: Error | null; address: unknown; family?: number }>((resolve) =>
      publicOnlyLookup(async () => addresses)('feed.example', options, (err, address, family) =>
        resolve({ err, address, family }),
      ),
    );
  const publicV4 = { address: '93.184.215.14', family: 4 };
  const publicV6 = { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 };

  it('hands public addresses on, all of them or the first', async () => {
    expect(await lookupWith([publicV4, publicV6], { all: true })).toEqual({
      err: null,
      address: [publicV4, publicV6],
      family: undefined,
    });
    expect(await lookupWith([publicV6, publicV4], {})).toEqual({
      err: null,
      address: publicV6.address,
      family: 6,
    });
  });

  it('fails when any address is not public', async () => {
    const { err } = await lookupWith([publicV4, { address: 'fe80::1', family: 6 }], { all: true });
    expect(err).toBeInstanceOf(PrivateAddressError);
    expect(err?.message).toBe('refused: feed.example resolves to a private address (fe80::1)');
  });
});
