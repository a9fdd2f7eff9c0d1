// Renders the visitor's first paint of each public page into the built HTML (see prerender.ts,
// which runs this in a process of its own: the app's modules load fresh, in production mode).
//
//   node build/render-shells.mjs <outDir>
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

/** The built pages a visitor may land on, and the path each is rendered for. */
const VISITOR_PAGES = {
  'pages/landing.html': '/',
  'pages/explore.html': '/explore',
  'pages/search.html': '/search',
  'pages/article.html': '/article/0',
  'pages/login.html': '/login',
  'pages/signup.html': '/signup',
  'pages/forgot-password.html': '/forgot-password',
};
const ROOT = '<div id="root"></div>';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(process.argv[2] ?? path.join(webRoot, 'dist'));

const server = await createServer({
  root: webRoot,
  configFile: false,
  logLevel: 'error',
  resolve: { alias: { '@': path.join(webRoot, 'src') } },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  appType: 'custom',
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { renderShell } = await server.ssrLoadModule('/src/prerender.tsx');
  const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
  await writeFile(path.join(outDir, 'pages', 'landing.html'), index);
  for (const [file, route] of Object.entries(VISITOR_PAGES)) {
    const target = path.join(outDir, file);
    const html = await readFile(target, 'utf8');
    if (!html.includes(ROOT)) throw new Error(`${file} has no ${ROOT}`);
    const shell = `<div id="root"><div data-shell>${renderShell(route)}</div></div>`;
    await writeFile(target, html.replace(ROOT, shell));
  }
} finally {
  await server.close();
}
