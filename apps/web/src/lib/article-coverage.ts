import type { PublicArticle } from '@lede/shared';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * What an article's detail shows of the rest of its story ("Full coverage"). The stories feature
 * draws it and the articles feature shows it, and neither imports the other: app/ provides it
 * here (app/layout.tsx), loaded when first shown.
 */
export type RenderCoverage = (article: PublicArticle) => ReactNode;

const CoverageContext = createContext<RenderCoverage | null>(null);

export const ArticleCoverageProvider = CoverageContext.Provider;

/** Renders an article's story beside it, if the app provides that. */
export const useArticleCoverage = () => useContext(CoverageContext);
