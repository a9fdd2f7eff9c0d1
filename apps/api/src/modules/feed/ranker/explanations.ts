/** Reasons: 1–3 plain sentences per item, from its strongest weighted signals. */
import { POSITIVE_ACTIONS, type TopicFeedback } from './profile.js';
import { categoryTitle, type Candidate } from './scoring.js';
import type { SubjectMatch } from './subjects.js';
import type { HistoryAction, SignalName, StoryAction } from './types.js';

const ACTION_PHRASE: Record<Exclude<HistoryAction, 'dislike'>, string> = {
  save: 'Similar to an article you saved',
  share: 'Similar to an article you shared',
  like: 'Similar to an article you liked',
  read: 'Similar to an article you read',
};

function truncate(text: string, max: number): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t.length <= max) return t;
  return `${t.slice(0, max - 1).trimEnd()}…`;
}

/** "liked", "saved", "shared", or "liked or saved" and so on when the reader did several. */
function verbs(actions: ReadonlySet<string>): string {
  const words = (['like', 'save', 'share'] as const)
    .filter((a) => actions.has(a))
    .map((a) => `${a}d`);
  if (words.length <= 1) return words[0] ?? 'liked';
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

const PAST: Record<Exclude<HistoryAction, 'dislike'>, string> = {
  like: 'liked',
  save: 'saved',
  share: 'shared',
  read: 'read',
};
/** Longest quoted title in a reason, ellipsis included. */
const QUOTED_TITLE_MAX = 40;
/** A discovery pick's reason comes before any signal's, after a taught subject's (2 and up). */
const DISCOVERY_REASON_STRENGTH = 1.5;

/**
 * Why a candidate on a taught subject is on the page: "More on Puerto Rico" when a name it
 * carries recurs in what the reader liked, else "Because you liked 'Rover finds water ice…'"
 * (the liked article it shares most with).
 */
export function subjectReason(match: SubjectMatch): string {
  if (match.label) return `More on ${match.label}`;
  const title = truncate(match.source.article.title, QUOTED_TITLE_MAX);
  return `Because you ${PAST[match.source.action]} '${title}'`;
}

/** "New since you read this story": a later report of a story the reader met. */
export function storyGrewReason(action: StoryAction): string {
  if (action === 'fewer') return 'New since you asked for fewer like this story';
  return `New since you ${action === 'dislike' ? 'disliked' : PAST[action]} this story`;
}

/** "Because you liked 3 Environment stories": why a learned topic is on the page. */
export function learnedReason(f: TopicFeedback): string {
  const n = f.positives;
  return `Because you ${verbs(f.actions)} ${n} ${categoryTitle(f.category)} ${n === 1 ? 'story' : 'stories'}`;
}

export function reasonsFor(
  c: Candidate,
  weights: Record<SignalName, number>,
  actionDots: Float64Array,
  feedback: ReadonlyMap<string, TopicFeedback>,
): string[] {
  const options: Array<{ text: string; strength: number }> = [];
  if (c.storyGrewSince) {
    // What is new about it comes before why it suits the reader.
    options.push({ text: storyGrewReason(c.storyGrewSince), strength: Number.POSITIVE_INFINITY });
  }
  if (c.discovery && c.categories[0]) {
    // Outside everything the reader chose or taught: say so, and name the section.
    options.push({
      text: `Beyond your topics: the latest in ${categoryTitle(c.categories[0])}`,
      strength: DISCOVERY_REASON_STRENGTH,
    });
  }
  if (c.subjectMatch) {
    // What the reader taught the feed is news to them: say it first, the subject before a topic.
    options.push({
      text: subjectReason(c.subjectMatch),
      strength: 2 + weights.subject * c.subject,
    });
  }
  if (c.interest > 0 && c.interestCategory) {
    const learned = c.interestLearned ? feedback.get(c.interestCategory) : undefined;
    options.push({
      text: learned
        ? learnedReason(learned)
        : `Because you like ${categoryTitle(c.interestCategory)}`,
      // A learned topic is news to the reader: say it first.
      strength: weights.interest * c.interest + (learned ? 1 : 0),
    });
  }
  if (c.content >= 0.2 && c.contentRaw >= 0.03) {
    let best = -1;
    for (let p = 0; p < POSITIVE_ACTIONS.length; p++) {
      if (actionDots[p]! > 0 && (best < 0 || actionDots[p]! > actionDots[best]!)) best = p;
    }
    if (best >= 0) {
      options.push({
        text: ACTION_PHRASE[POSITIVE_ACTIONS[best]!],
        strength: weights.content * c.content,
      });
    }
  }
  if (c.coEngagement >= 0.1) {
    options.push({
      text: c.viaTitle
        ? `Readers who liked "${truncate(c.viaTitle, 60)}" also liked this`
        : 'Readers with similar taste liked this',
      strength: weights.coEngagement * c.coEngagement,
    });
  }
  if (c.popularity >= 0.5) {
    options.push({ text: 'Popular today', strength: weights.popularity * c.popularity });
  }
  if (c.freshness >= 0.5) {
    options.push({ text: 'Fresh news', strength: weights.freshness * c.freshness });
  }
  options.sort((a, b) => b.strength - a.strength);
  const reasons = options.slice(0, 3).map((o) => o.text);
  return reasons.length > 0 ? reasons : ['Something different for you'];
}
