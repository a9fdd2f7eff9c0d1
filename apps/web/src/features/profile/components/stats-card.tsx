import { Bookmark, Flame, Heart, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <div className="flex flex-col items-center gap-1 rounded-xl bg-surface p-3 text-center">
      <dt className="order-last text-xs font-medium text-muted">{label}</dt>
      <dd className="flex flex-col items-center gap-1 text-2xl font-extrabold tabular-nums">
        {icon}
        {value}
      </dd>
    </div>
  );
}

/**
 * Streak (days), likes, saves and shares of the reader. They belong to the reader-actions
 * feature: the route reads them and passes them in.
 */
export function StatsCard({
  streak,
  likes,
  saves,
  shares,
}: {
  streak: number;
  likes: number;
  saves: number;
  shares: number;
}) {
  return (
    <section aria-labelledby="stats-title" className="card p-6">
      <h2 id="stats-title" className="mb-4 text-lg font-bold">
        Your stats
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        <Stat
          icon={<Flame size={20} aria-hidden="true" className="text-warn" />}
          label="Reading streak (days)"
          value={streak}
        />
        <Stat
          icon={<Heart size={20} aria-hidden="true" className="text-danger" />}
          label="Likes"
          value={likes}
        />
        <Stat
          icon={<Bookmark size={20} aria-hidden="true" className="text-accent" />}
          label="Saves"
          value={saves}
        />
        <Stat
          icon={<Share2 size={20} aria-hidden="true" className="text-success" />}
          label="Shares"
          value={shares}
        />
      </dl>
    </section>
  );
}
