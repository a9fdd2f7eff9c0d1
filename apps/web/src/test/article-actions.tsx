/**
 * The reader's actions for a feature's component tests: the real provider, which a screen in
 * app/ mounts around its lists (a feature does not import another, its tests neither).
 */
export { ArticleActionsProvider } from '@/features/reader-actions/hooks/use-article-actions';
