import { describe, expect, it } from 'vitest';
import { StoryClusterer, type Assignment, type StoryMerge } from './clusterer.js';

const HOUR = 60 * 60 * 1000;
const T0 = Date.parse('2014-03-10T12:00:00Z');

let ids = 0;
function article(title: string, source: string, hours = 0) {
  ids += 1;
  return { id: `a${ids}`, title, source, publishedAt: T0 + hours * HOUR };
}

/** A small stream: three stories, interleaved, over a day. */
const STREAM: Array<[string, string, number]> = [
  ['Chiquita to merge with Fyffes to create world’s largest banana company', 'Reuters', 0],
  ['Colorado collects $2 million in first month of marijuana taxes', 'Denver Post', 0.5],
  ['Chiquita and Fyffes agree to merge in $1 billion deal', 'BBC News', 1],
  ['Apple releases iOS 7.1 with CarPlay and Siri improvements', 'The Verge', 1.5],
  ['Marijuana taxes bring in $2 million to Colorado coffers', 'CBS News', 2],
  ['iOS 7.1 update: what Apple changed on your iPhone', 'Macworld', 3],
  ['Fyffes shares soar as Chiquita agrees to merge', 'Irish Times', 4],
  ['Colorado marijuana tax revenue tops $2 million', 'Reuters', 5],
  ['Apple iOS 7.1 fixes bugs and speeds up older iPhones', 'CNET', 6],
];

function replayStream(): { assignments: Assignment[]; merges: StoryMerge[] } {
  const clusterer = new StoryClusterer();
  const assignments: Assignment[] = [];
  const merges: StoryMerge[] = [];
  STREAM.forEach(([title, source, hours], i) => {
    assignments.push(
      clusterer.assign({ id: `s${i}`, title, source, publishedAt: T0 + hours * HOUR }),
    );
    if (i % 3 === 2) merges.push(...clusterer.mergePass(T0 + hours * HOUR).merges);
  });
  return { assignments, merges };
}

describe('story clustering', () => {
  it('puts a headline repeated by another source in the same story, as another source', () => {
    const clusterer = new StoryClusterer();
    const first = clusterer.assign(
      article('Chiquita to merge with Fyffes to create top banana - Reuters', 'Reuters'),
    );
    const again = clusterer.assign(
      article('Chiquita to merge with Fyffes to create top banana | BBC News', 'BBC News', 2),
    );
    expect(first.rule).toBe('new');
    expect(again).toMatchObject({ storyId: first.storyId, rule: 'same-title', score: 1 });
    expect(clusterer.story(first.storyId)?.sources).toEqual(['Reuters', 'BBC News']);
  });

  it('puts reports of one event from several sources in one story, and others apart', () => {
    const { assignments } = replayStream();
    const story = (i: number) => assignments[i]!.storyId;
    expect(new Set([0, 2, 6].map(story)).size).toBe(1); // Chiquita and Fyffes
    expect(new Set([1, 4, 7].map(story)).size).toBe(1); // Colorado marijuana taxes
    expect(new Set([3, 5, 8].map(story)).size).toBe(1); // iOS 7.1
    expect(new Set([0, 1, 3].map(story)).size).toBe(3);
  });

  it('starts a new story for each unrelated headline', () => {
    const clusterer = new StoryClusterer();
    const out = [
      article('Bank of England holds interest rates at 0.5%', 'BBC News'),
      article('Flappy Bird creator considers bringing the game back', 'The Verge'),
      article('Twitter goes down for most users', 'CNET'),
      article('Volcanoes helped species survive the ice ages', 'Nature'),
    ].map((a) => clusterer.assign(a));
    expect(out.map((a) => a.rule)).toEqual(['new', 'new', 'new', 'new']);
    expect(new Set(out.map((a) => a.storyId)).size).toBe(4);
    expect(clusterer.activeStories).toBe(4);
  });

  it('closes a story once its window has passed', () => {
    const clusterer = new StoryClusterer({ windowMs: 72 * HOUR });
    const first = clusterer.assign(
      article('Flappy Bird creator Dong Nguyen may bring the game back', 'The Verge'),
    );
    const soon = clusterer.assign(
      article('Dong Nguyen says Flappy Bird could return to the App Store', 'CNET', 24),
    );
    expect(soon.storyId).toBe(first.storyId);

    const late = clusterer.assign(
      article('Flappy Bird creator Dong Nguyen brings the game back', 'Wired', 24 + 73),
    );
    expect(late).toMatchObject({ rule: 'new' });
    expect(late.storyId).not.toBe(first.storyId);
    expect(clusterer.mergePass(T0 + (24 + 73) * HOUR).closed).toEqual([first.storyId]);
    expect(clusterer.story(first.storyId)).toBeUndefined();
  });

  it('merges two stories that share their key entities, and explains why', () => {
    // A high join threshold keeps the reports apart, as differently worded reports can be.
    const clusterer = new StoryClusterer({ joinThreshold: 0.8 });
    const a = clusterer.assign(article("Men's Wearhouse agrees to buy Jos. A. Bank", 'Reuters'));
    const b = clusterer.assign(
      article("Jos. A. Bank accepts Men's Wearhouse offer after long fight", 'WSJ', 1),
    );
    const other = clusterer.assign(article('Colorado collects marijuana taxes', 'AP', 1));
    expect(new Set([a.storyId, b.storyId, other.storyId]).size).toBe(3);

    const { merges } = clusterer.mergePass(T0 + 2 * HOUR);
    expect(merges).toHaveLength(1);
    expect(merges[0]).toMatchObject({ into: a.storyId, from: b.storyId });
    expect(merges[0]!.score).toBeGreaterThanOrEqual(clusterer.options.mergeThreshold);
    expect(merges[0]!.sharedTerms).toEqual(expect.arrayContaining(['wearhouse', 'jos']));
    expect(clusterer.story(a.storyId)?.articleIds).toEqual([a.articleId, b.articleId]);
    expect(clusterer.story(b.storyId)).toBeUndefined();
    expect(clusterer.story(other.storyId)?.articleIds).toEqual([other.articleId]);
  });

  it('does not join on one shared word', () => {
    const clusterer = new StoryClusterer();
    const first = clusterer.assign(article('Neil Young unveils his Pono music player', 'Wired'));
    const other = clusterer.assign(article('Neil deGrasse Tyson hosts the new Cosmos', 'Fox', 1));
    expect(other).toMatchObject({ rule: 'new' });
    expect(other.storyId).not.toBe(first.storyId);
  });

  it('does not join reports that share only a name: one game, one carmaker', () => {
    const clusterer = new StoryClusterer();
    const pairs: Array<[string, string]> = [
      [
        'Grand Theft Auto V sales top $1 billion in three days',
        'Rockstar shows Grand Theft Auto online heists trailer',
      ],
      [
        'General Motors faces federal probe over ignition switch recall',
        'General Motors shares fall as quarterly profit slides',
      ],
    ];
    pairs.forEach(([one, other], i) => {
      const a = clusterer.assign(article(one, 'Reuters', i * 80));
      const b = clusterer.assign(article(other, 'AP', i * 80 + 1));
      expect(b, other).toMatchObject({ rule: 'new' });
      expect(b.storyId).not.toBe(a.storyId);
    });
  });

  it('does not join two events that share only what happened: two bankruptcies', () => {
    const clusterer = new StoryClusterer();
    const a = clusterer.assign(article('Mt. Gox files for bankruptcy protection in Tokyo', 'AP'));
    const b = clusterer.assign(article('Karmaloop files for bankruptcy protection', 'WSJ', 2));
    expect(b).toMatchObject({ rule: 'new' });
    expect(b.storyId).not.toBe(a.storyId);
  });

  it('joins reports of one event that share a name and what happened, or little but closely', () => {
    const clusterer = new StoryClusterer();
    const a = clusterer.assign(article('Urban Outfitters shares jump after earnings beat', 'CNBC'));
    const b = clusterer.assign(article('Urban Outfitters beats estimates', 'Reuters', 3));
    expect(b).toMatchObject({ storyId: a.storyId, rule: 'similar' });
    // Another company's name that shares a word is not the same name.
    const c = clusterer.assign(article('American Eagle Outfitters earnings beat', 'AP', 4));
    expect(c.storyId).not.toBe(a.storyId);
    // Only names shared, but the whole headline is close and the time too.
    const d = clusterer.assign(article('Juan Pablo picks Nikki Ferrell', 'E! News', 5));
    const e = clusterer.assign(article('Juan Pablo and Nikki Ferrell', 'People', 6));
    expect(e).toMatchObject({ storyId: d.storyId, rule: 'similar' });
  });

  it('records what joined an article: its score and the shared terms', () => {
    const { assignments } = replayStream();
    const joined = assignments[2]!;
    expect(joined.rule).toBe('similar');
    expect(joined.storyId).toBe(assignments[0]!.storyId);
    expect(joined.score).toBeGreaterThanOrEqual(0.1);
    expect(joined.score).toBeLessThanOrEqual(1);
    expect(joined.sharedTerms).toEqual(expect.arrayContaining(['chiquita', 'fyffe']));
  });

  it('is deterministic: the same stream gives the same stories and explanations', () => {
    const once = replayStream();
    expect(replayStream()).toEqual(once);
  });
});
