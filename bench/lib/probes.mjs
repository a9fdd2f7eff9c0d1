// Probes beside a load: the latency of the cheapest answers under the same load (the ceiling).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * For each probe `{ path, connections }`, that many loops, each one request at a time on a
 * keep-alive connection of its own, until the returned function is called; it resolves, per
 * probe name, to `summarize` of the latencies (ms) answered while `measuring()`, with their count
 * and the non-2xx among them.
 */
export function startProbes(url, probes, { measuring, summarize }) {
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: Object.values(probes).reduce((n, p) => n + p.connections, 0),
  });
  let running = true;
  const get = (path) =>
    new Promise((resolve) => {
      const req = http.get(`${url}${path}`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', () => resolve(0));
    });
  const loops = Object.entries(probes).map(async ([name, { path, connections }]) => {
    const lat = [];
    let non2xx = 0;
    const probe = async () => {
      while (running) {
        const started = performance.now();
        const status = await get(path);
        const ms = performance.now() - started;
        if (measuring()) {
          lat.push(ms);
          if (status < 200 || status >= 300) non2xx++;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all(Array.from({ length: connections }, probe));
    return [name, { path, connections, count: lat.length, ...summarize(lat), non2xx }];
  });
  return async () => {
    running = false;
    const results = Object.fromEntries(await Promise.all(loops));
    agent.destroy();
    return results;
  };
}
