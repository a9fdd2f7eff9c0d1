import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD, jsonCompression } from './compression.js';

/** A JSON body of about `bytes` bytes, varied enough to compress like a real one. */
const bodyOf = (bytes: number) => ({
  items: Array.from({ length: Math.ceil(bytes / 60) }, (_, i) => ({
    id: i,
    title: `Item ${i} about ${['harbours', 'elections', 'weather'][i % 3]}`,
  })),
});
const SMALL = { message: 'ok' };
const FEED = bodyOf(26_000);
const LARGE = bodyOf(300_000); // past the size compressed at once on the event loop

let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  const api = express.Router();
  api.use(jsonCompression());
  api.get('/small', (_req, res) => res.json(SMALL));
  api.get('/feed', (_req, res) => res.json(FEED));
  api.get('/large', (_req, res) => res.json(LARGE));
  api.get('/no-transform', (_req, res) => res.set('Cache-Control', 'no-transform').json(FEED));
  api.get('/created', (_req, res) => res.status(201).json(FEED));
  api.get('/streamed', (_req, res) => {
    res.type('application/json');
    res.write('{"parts":[');
    res.write(JSON.stringify(FEED));
    res.end(']}');
  });
  // A route that answers from prepared bytes (here, pretending): left alone.
  api.get('/docs/viewer.js', (_req, res) => res.type('text/javascript').send('x'.repeat(20_000)));
  app.use('/api', api);
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  decoded: () => Buffer;
}

function ask(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: `/api${path}`, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body,
            decoded: () =>
              encoding === 'br'
                ? zlib.brotliDecompressSync(body)
                : encoding === 'gzip'
                  ? zlib.gunzipSync(body)
                  : body,
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const json = (raw: Raw) => JSON.parse(raw.decoded().toString('utf8')) as unknown;

describe('JSON answers compressed in one call', () => {
  it('brotli when both are accepted (brotli wins the tie), with Vary and the exact length', async () => {
    const res = await ask('/feed', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(JSON.stringify(FEED).length / 2);
    expect(json(res)).toEqual(FEED);
  });

  it('gzip when brotli is refused or not offered; the q-values decide', async () => {
    for (const header of ['gzip', 'br;q=0, gzip', 'br;q=0.5, gzip;q=0.8']) {
      const res = await ask('/feed', { 'accept-encoding': header });
      expect(res.headers['content-encoding'], header).toBe('gzip');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(json(res)).toEqual(FEED);
    }
  });

  it('as it is without Accept-Encoding, or when nothing we have is accepted (still Vary)', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'zstd' },
    ];
    for (const headers of cases) {
      const res = await ask('/feed', headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(json(res)).toEqual(FEED);
    }
  });

  it('keeps the ETag of the uncompressed body, and a matching If-None-Match gets an empty 304', async () => {
    const plain = await ask('/feed');
    const br = await ask('/feed', { 'accept-encoding': 'br' });
    expect(plain.headers.etag).toBeDefined();
    expect(br.headers.etag).toBe(plain.headers.etag);
    const again = await ask('/feed', {
      'accept-encoding': 'br',
      'if-none-match': plain.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
  });

  it(`leaves alone bodies under ${COMPRESSION_THRESHOLD} bytes, HEAD, and no-transform`, async () => {
    const small = await ask('/small', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(json(small)).toEqual(SMALL);

    const head = await ask('/feed', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);

    const kept = await ask('/no-transform', { 'accept-encoding': 'br' });
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(json(kept)).toEqual(FEED);
  });

  it('compresses other success statuses, and large bodies (off the event loop)', async () => {
    const created = await ask('/created', { 'accept-encoding': 'gzip' });
    expect(created.status).toBe(201);
    expect(created.headers['content-encoding']).toBe('gzip');
    expect(json(created)).toEqual(FEED);

    for (const encoding of ['br', 'gzip']) {
      const large = await ask('/large', { 'accept-encoding': encoding });
      expect(large.headers['content-encoding']).toBe(encoding);
      expect(Number(large.headers['content-length'])).toBe(large.body.length);
      expect(json(large)).toEqual(LARGE);
    }
  });

  it('sends an answer written in parts as it is', async () => {
    const res = await ask('/streamed', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(json(res)).toEqual({ parts: [FEED] });
  });

  it('leaves alone the routes that answer from prepared bytes (the API viewer’s files)', async () => {
    const res = await ask('/docs/viewer.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.decoded().toString()).toBe('x'.repeat(20_000));
  });
});
