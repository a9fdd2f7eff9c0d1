import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from '@/components/footer';
import { OfflineStatus } from '@/features/offline/components/offline-status';
import { ArticleCoverageProvider } from '@/lib/article-coverage';
import { RouteErrorBoundary } from './error-boundaries';
import { NavBar } from './nav-bar';
import { PageLoader } from '@/components/page-loader';
import { renderStoryCoverage } from './story-coverage';

/**
 * The shared layout: navigation bar, the screen, the footer. Its screens' articles show their
 * story's "Full coverage" (lib/article-coverage).
 */
export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-accent px-4 py-2 text-on-accent focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <NavBar />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-svh w-full max-w-6xl flex-1 px-4 pt-24 pb-12"
      >
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoader />}>
            <ArticleCoverageProvider value={renderStoryCoverage}>
              <Outlet />
            </ArticleCoverageProvider>
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <OfflineStatus />
    </div>
  );
}
