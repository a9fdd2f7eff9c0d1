/** Every query key in one place, so invalidation can target exactly what changed. */
export const queryKeys = {
  articles: {
    all: ['articles'] as const,
    latest: () => ['articles', 'latest'] as const,
    trending: () => ['articles', 'trending'] as const,
    keyword: (keyword: string) => ['articles', 'keyword', keyword] as const,
    byId: (id: string) => ['articles', 'byId', id] as const,
    related: (id: string) => ['articles', 'related', id] as const,
  },
  stories: {
    all: ['stories'] as const,
    byId: (id: string) => ['stories', 'byId', id] as const,
  },
  reader: {
    all: ['reader'] as const,
    likedIds: () => ['reader', 'likedIds'] as const,
    dislikedIds: () => ['reader', 'dislikedIds'] as const,
    savedIds: () => ['reader', 'savedIds'] as const,
    savedArticles: () => ['reader', 'savedArticles'] as const,
    streak: () => ['reader', 'streak'] as const,
    activity: () => ['reader', 'activity'] as const,
    recommendations: () => ['reader', 'recommendations'] as const,
  },
};
