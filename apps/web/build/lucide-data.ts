import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

interface IconData {
  name: string;
  aliases?: string[];
  node: [string, Record<string, unknown>][];
}

/** `virtual:lucide/<name>`: one icon of lucide-react, as data. */
const PREFIX = 'virtual:lucide/';
const RESOLVED = `\0${PREFIX}`;

/**
 * `import heart from 'virtual:lucide/heart'`: the icon's drawing (lucide-react's own
 * `__iconData`: name, aliases, SVG nodes) as plain data, without the React component around it.
 * Read at build time from the very module the app's icons render, so that the code drawing a
 * page's first cards before React has loaded (app/first-paint.ts) draws the same icons with none
 * of React in its bundle.
 */
export function lucideData(): Plugin {
  return {
    name: 'lede:lucide-data',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const name = id.slice(RESOLVED.length);
      const resolved = await this.resolve(`lucide-react/icons/${name}`);
      if (!resolved) throw new Error(`lucide-react has no icon ${name}`);
      const file = resolved.id;
      const mod = (await import(pathToFileURL(file).href)) as { __iconData?: IconData };
      const data = mod.__iconData;
      if (!data) throw new Error(`${file} exports no __iconData`);
      // React's `key` of each node is not drawn.
      const node = data.node.map(([tag, { key: _key, ...attributes }]) => [tag, attributes]);
      return `export default ${JSON.stringify({ ...data, node })};`;
    },
  };
}
