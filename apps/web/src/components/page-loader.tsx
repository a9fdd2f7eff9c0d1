/** Shown while a route's code loads (usually a few milliseconds). */
export function PageLoader() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <span className="size-8 animate-spin rounded-full border-4 border-line border-t-accent" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
