// The read-path baseline: bare Express 5 in a process of its own, answering from memory the
// exact bytes and headers the app sent for each request (captured by one probe in the parent).
// Forked by startBareReplay; talks over IPC:
//   parent → child  { type: 'serve', answers: [{ path, status, headers, body (base64) }] }
//                   { type: 'stop' }   → closes and exits 0
//   child → parent  { type: 'listening', url }
import express from 'express';
import { listen } from './server.mjs';

/** Headers the HTTP layer writes itself for each answer; the rest are replayed as captured. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

process.on('message', async (msg) => {
  if (msg?.type === 'serve') {
    const app = express();
    app.disable('x-powered-by');
    app.disable('etag');
    for (const { path, status, headers, body } of msg.answers) {
      const bytes = Buffer.from(body, 'base64');
      const head = Object.fromEntries(
        Object.entries(headers).filter(([name]) => !PER_CONNECTION.has(name)),
      );
      head['content-length'] = String(bytes.length);
      app.get(path, (req, res) => {
        res.writeHead(status, head);
        res.end(bytes);
      });
    }
    const listening = await listen(app);
    process.on('message', async (m) => {
      if (m?.type === 'stop') {
        await listening.close();
        process.exit(0);
      } else if (m?.type === 'drain') {
        process.send({ type: 'drained', ok: await listening.drain() });
      }
    });
    process.send({ type: 'listening', url: listening.url });
  }
});
process.on('disconnect', () => process.exit(0));
