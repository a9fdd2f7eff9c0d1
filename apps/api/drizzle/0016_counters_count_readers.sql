-- An article's shares and views count readers, not events (one new account sharing
-- an article 60 times made it #1 of trending). Every share stays a row, the reader's activity,
-- and every reading day stays a row, the streak's; the counters move only on a reader's first
-- share or opening of the article (src/modules/interactions/interactions.repository.ts).
--
-- Whether a reader shared an article before is asked on every share.
CREATE INDEX "article_shares_user_article_idx" ON "article_shares" USING btree ("user_id","article_id");--> statement-breakpoint
-- Counts kept so far are recounted the same way, so the repeats already counted stop lifting
-- trending now, not once their article ages out, and a deleted account, which takes back one
-- share and one view per article, leaves the counters equal to their readers.
UPDATE "articles" a SET "shares" = s.readers
  FROM (SELECT article_id, count(DISTINCT user_id)::int AS readers FROM article_shares GROUP BY article_id) s
  WHERE a.id = s.article_id AND a.shares <> s.readers;--> statement-breakpoint
UPDATE "articles" a SET "views" = v.readers
  FROM (SELECT article_id, count(DISTINCT user_id)::int AS readers FROM article_views GROUP BY article_id) v
  WHERE a.id = v.article_id AND a.views <> v.readers;
