/**
 * Renders the app's icons (public/icons/*.png, named by the web manifest and index.html) from the
 * mark in public/favicon.svg, with Debian's Chromium. Run it again only when the mark changes:
 *   node build/render-icons.ts
 * The PNGs are committed; the build never runs this.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'public', 'icons');
/** The mark's background (favicon.svg's square). */
const BACKGROUND = '#1b1f24';

/** The letter of favicon.svg (its path, in the 32-unit box). */
async function letterPath(): Promise<string> {
  const svg = await readFile(path.join(root, 'public', 'favicon.svg'), 'utf8');
  const d = svg.match(/<path d="([^"]+)"/)?.[1];
  if (!d) throw new Error('favicon.svg has no <path d="...">');
  return d;
}

/**
 * The icons: the favicon as it is (rounded, transparent corners) for `any`; for `maskable` and
 * Apple's touch icon a full square (the platform cuts its own shape), the letter scaled to 80%
 * so it stays well inside the safe zone (the centre circle of 80% of the width).
 */
function icons(d: string): { file: string; size: number; svg: string }[] {
  const any = (size: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${BACKGROUND}"/><path d="${d}" fill="#fff"/></svg>`;
  const full = (size: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BACKGROUND}"/><path d="${d}" fill="#fff" transform="translate(16 16) scale(0.8) translate(-16 -16)"/></svg>`;
  return [
    { file: 'icon-192.png', size: 192, svg: any(192) },
    { file: 'icon-512.png', size: 512, svg: any(512) },
    { file: 'maskable-512.png', size: 512, svg: full(512) },
    { file: 'apple-touch-icon.png', size: 180, svg: full(180) },
  ];
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless'],
});
try {
  const d = await letterPath();
  for (const icon of icons(d)) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${icon.svg}`,
    );
    await page.screenshot({ path: path.join(OUT, icon.file), omitBackground: true });
    await page.close();
    console.info(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
