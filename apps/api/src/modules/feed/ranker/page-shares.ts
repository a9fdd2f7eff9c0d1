/** How a page is shared between the declared interests, what the reader taught, and the rest. */
import {
  DECLARED_MAX_SHARE,
  DECLARED_MIN_SHARE,
  DECLARED_NEW_SHARE,
  FREE_MIN_SHARE,
  INTEREST_FLOOR_SHARE,
  INTEREST_FLOOR_SHARE_KNOWN,
  LEARNED_MAX_SHARE,
  LEARNED_SHARE_PIVOT,
  ROTATION_MAX_POSITIVES,
  STEER_UP_SHARE,
} from './tunables.js';

export interface PageShares {
  declaredShare: number;
  learnedShare: number;
  interestFloorShare: number;
  /** Discovery: the newest stories outside the declared interests (no subject known yet). */
  discoveryShare: number;
}

/**
 * What each block owes the declared interests and what the reader taught (tunables.ts): a
 * reader with a short history gets a visible, evidence-weighted share for what they taught;
 * a longer one is known well enough by the content profile, and keeps the declared floor.
 * Until that short history shows what the reader follows beyond their interests
 * (`knowsSubject`), the free floor is discovery. `declaredTurns` is the length of the rotation
 * (an interest strengthened or turned up takes several turns): the declared share holds an
 * INTEREST_FLOOR_SHARE for each, up to DECLARED_MAX_SHARE.
 */
export function pageShares(
  positiveEvents: number,
  evidence: number,
  steeredUp = false,
  knowsSubject = true,
  declaredTurns = 0,
): PageShares {
  // A subject the reader turned up adds STEER_UP_SHARE to the learned share of every block.
  const floor = steeredUp ? STEER_UP_SHARE : 0;
  const turnsShare = Math.min(DECLARED_MAX_SHARE, declaredTurns * INTEREST_FLOOR_SHARE);
  if (positiveEvents >= ROTATION_MAX_POSITIVES) {
    return {
      declaredShare: Math.max(DECLARED_MIN_SHARE, turnsShare),
      learnedShare: floor,
      interestFloorShare: INTEREST_FLOOR_SHARE_KNOWN,
      discoveryShare: 0,
    };
  }
  const learnedShare = Math.min(
    1 - DECLARED_MIN_SHARE,
    floor + (LEARNED_MAX_SHARE * evidence) / (evidence + LEARNED_SHARE_PIVOT),
  );
  const declaredShare = Math.max(
    DECLARED_MIN_SHARE,
    Math.min(DECLARED_NEW_SHARE, 1 - learnedShare - FREE_MIN_SHARE),
    Math.min(turnsShare, 1 - learnedShare - FREE_MIN_SHARE),
  );
  // Until what the reader follows is known, the free floor is discovery (tunables.ts).
  const discoveryShare =
    knowsSubject || steeredUp
      ? 0
      : Math.max(0, Math.min(FREE_MIN_SHARE, 1 - declaredShare - learnedShare));
  return { declaredShare, learnedShare, interestFloorShare: INTEREST_FLOOR_SHARE, discoveryShare };
}
