import { useStreak } from '@/features/reader-actions/api/reader-actions';

/** The signed-in reader's streak (loaded with the query library, after first paint). */
export default function StreakCount() {
  const streak = useStreak();
  return <>{streak.data ?? 0}</>;
}
