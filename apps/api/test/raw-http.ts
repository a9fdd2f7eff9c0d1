import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { Express } from 'express';

/** An answer exactly as sent: headers and the body bytes before any decoding. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body decoded according to its Content-Encoding. */
  decoded(): Buffer;
  json(): Record<string, unknown>;
}

/**
 * The app listening on 127.0.0.1, asked with plain node:http so the test sees the bytes the
 * server sent (supertest decodes gzip itself and cannot decode brotli).
 */
export async function listenRaw(app: Express) {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: false });

  function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const decoded = () => {
            const encoding = res.headers['content-encoding'];
            if (encoding === 'gzip') return zlib.gunzipSync(body);
            if (encoding === 'br') return zlib.brotliDecompressSync(body);
            return body;
          };
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            decoded,
            json: () => JSON.parse(decoded().toString('utf8')) as Record<string, unknown>,
          });
        });
      });
      req.on('error', reject);
    });
  }

  return {
    get,
    close: () =>
      new Promise<void>((resolve, reject) => {
        agent.destroy();
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
