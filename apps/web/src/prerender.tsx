import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { RootErrorBoundary } from './app/error-boundaries';
import { QueryProvider } from './app/query-provider';
import { AppRoutes } from './app/router';

/**
 * A visitor's first paint of `path` as HTML, written into the built pages (build/prerender.ts):
 * the layout, and the screen itself where it needs no data and no code of its own (the landing
 * page); a lazily loaded screen shows its loader. The app replaces it when it starts.
 */
export function renderShell(path: string): string {
  return renderToString(
    <RootErrorBoundary>
      <QueryProvider>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </QueryProvider>
    </RootErrorBoundary>,
  );
}
