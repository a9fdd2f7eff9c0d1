import { useStreak } from '@/features/articles/api/reader';
import { withQuery } from '@/lib/with-query';

/** The signed-in reader's streak (loaded with the query library, after first paint). */
function StreakCount() {
  const streak = useStreak();
  return <>{streak.data ?? 0}</>;
}

export default withQuery(StreakCount);
