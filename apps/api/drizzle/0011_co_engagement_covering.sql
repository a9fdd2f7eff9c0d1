-- Co-engagement ("readers who liked what you liked") looks up, per article, the other readers who
-- liked or saved it: with the kind and the reader in the index, that is an index-only range instead
-- of a heap visit per reaction.
DROP INDEX "article_reactions_article_idx";--> statement-breakpoint
DROP INDEX "saved_articles_article_idx";--> statement-breakpoint
CREATE INDEX "article_reactions_article_idx" ON "article_reactions" USING btree ("article_id","kind","user_id");--> statement-breakpoint
CREATE INDEX "saved_articles_article_idx" ON "saved_articles" USING btree ("article_id","user_id");