/** The shape of the story page while it loads: its header, then a few timeline entries. */
export function StorySkeleton() {
  return (
    <div role="status" aria-label="Loading story" className="flex flex-col gap-6">
      <div aria-hidden="true" className="flex flex-col gap-3">
        <div className="h-3 w-24 animate-pulse rounded bg-surface" />
        <div className="h-8 w-11/12 animate-pulse rounded bg-surface" />
        <div className="h-8 w-2/3 animate-pulse rounded bg-surface" />
        <div className="h-4 w-48 animate-pulse rounded bg-surface" />
      </div>
      <div aria-hidden="true" className="flex flex-col gap-5 border-l-2 border-line pl-5">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="flex flex-col gap-2">
            <div className="h-3 w-40 animate-pulse rounded bg-surface" />
            <div className="h-5 w-5/6 animate-pulse rounded bg-surface" />
          </div>
        ))}
      </div>
    </div>
  );
}
