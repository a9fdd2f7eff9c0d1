/**
 * A list page's first script after the boot script (build/boot-script.ts bundles it on its own,
 * with none of the app's chunks): draws the first cards from the answer the boot script asked
 * for (app/first-paint.ts), and only then loads and runs the app. Its tag names the app's entry
 * (`data-app`) and the screen's chunks (`data-preload`, build/route-pages.ts): fetched beside the
 * list's answer, on a slow link they would take their share of its bandwidth, and on any link
 * they delay the first cards by the time it takes to run them. A tap on the cards' buttons and
 * links waits for the app to take them over (lib/held-presses). Nothing to draw (an error, an
 * empty list, a slow answer): the app loads at once.
 */
import { drawFirstScreen } from './app/first-paint';
import { DRAWN } from './app/first-paint-marker';
import { nextTask } from './lib/next-task';

const tag = document.querySelector<HTMLScriptElement>('script[data-app]');

/**
 * The entry first, then the screen's chunks, one per task: each preload starts a fetch, some
 * milliseconds on a phone, and together they made one of the page's longest tasks.
 */
async function loadApp(): Promise<void> {
  const app = tag?.dataset.app;
  if (!app) return;
  void import(/* @vite-ignore */ app);
  for (const href of tag.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    await nextTask();
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

void drawFirstScreen()
  .catch(() => false)
  .then((drawn) => {
    if (drawn) document.getElementById('root')?.setAttribute(DRAWN, '');
    return loadApp();
  });
