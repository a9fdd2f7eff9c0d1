import type { FeedProfile, SteeringChange, SteeringKind, SteeringState } from '@lede/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, type ApiResult } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { asFirstPage, feedQueries, toFeed } from './feed';

// Types only from @lede/shared: a value import would bring zod into the feed's chunk.

const FAILED = 'Could not change your feed. Please try again.';
const PREVIEW_FAILED = 'Could not preview your feed. Please try again.';

export type { SteeringChange, SteeringKind, SteeringState };
export const targetId = (kind: SteeringKind, key: string) => `${kind}:${key}`;

export function useFeedProfile() {
  return useQuery(feedQueries.profile());
}

export type PreviewItem = ApiResult<'POST /api/recommendations/preview'>['recommendations'][number];

/** The next top 10 with the staged changes; saves nothing. */
export function usePreview() {
  return useMutation({
    mutationFn: (changes: SteeringChange[]) =>
      api('POST /api/recommendations/preview', {
        body: { changes },
        fallback: PREVIEW_FAILED,
      }).then((r) => r.recommendations),
  });
}

/** Applies the profile's steering in the cache at once (rolled back if the write fails). */
function withChanges(profile: FeedProfile, changes: readonly SteeringChange[]) {
  const state = new Map(changes.map((c) => [targetId(c.kind, c.key), c.state]));
  return {
    subjects: profile.subjects.map((s) => ({
      ...s,
      steering: state.get(targetId('subject', s.key)) ?? s.steering,
    })),
    categories: profile.categories.map((c) => ({
      ...c,
      steering: state.get(targetId('category', c.category)) ?? c.steering,
    })),
  };
}

/**
 * Saves steering changes, then rebuilds the feed so it shows what the preview showed. Optimistic:
 * the profile shows the new states at once and goes back if the write fails. `onApplied` gets
 * the changes that undo it.
 */
export function useSteer(onApplied?: (undo: SteeringChange[], applied: SteeringChange[]) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (changes: SteeringChange[]) => {
      const res = await api('POST /api/recommendations/steer', {
        body: { changes },
        fallback: FAILED,
      });
      try {
        const feed = await api('POST /api/recommendations/refresh');
        qc.setQueryData(feedQueries.keys.pages(), asFirstPage(toFeed(feed)));
      } catch {
        void qc.invalidateQueries({ queryKey: feedQueries.keys.pages() });
      }
      return res;
    },
    onMutate: async (changes) => {
      await qc.cancelQueries({ queryKey: feedQueries.keys.profile() });
      const previous = qc.getQueryData<FeedProfile>(feedQueries.keys.profile());
      if (previous) qc.setQueryData(feedQueries.keys.profile(), withChanges(previous, changes));
      return { previous };
    },
    onError: (err, _changes, context) => {
      if (context?.previous) qc.setQueryData(feedQueries.keys.profile(), context.previous);
      toast.error(errorMessage(err, FAILED));
    },
    onSuccess: (res) => {
      qc.setQueryData<FeedProfile>(feedQueries.keys.profile(), {
        subjects: res.subjects,
        categories: res.categories,
      });
      onApplied?.(res.undo, res.applied);
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: feedQueries.keys.profile() });
      void qc.invalidateQueries({ queryKey: feedQueries.keys.controls() });
    },
  });
}
