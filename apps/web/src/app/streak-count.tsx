import { useStreak } from '@/features/articles/api/reader';

/** The signed-in reader's streak (loaded with the query library, after first paint). */
export default function StreakCount() {
  const streak = useStreak();
  return <>{streak.data ?? 0}</>;
}
