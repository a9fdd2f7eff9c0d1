import type { EditionSettings, EditionSettingsBody } from '@lede/shared';
import { MESSAGES } from '@lede/shared/constants';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { READER_DATA_KEY } from '@/lib/query-keys';

const FAILED = MESSAGES.errors.internal;

/** The edition's queries, keyed beside the reader's other data (dropped at logout). */
export const editionQueries = {
  all: () => [...READER_DATA_KEY, 'edition'] as const,
  settings: () =>
    queryOptions({
      queryKey: [...editionQueries.all(), 'settings'] as const,
      queryFn: ({ signal }): Promise<EditionSettings> =>
        api('GET /api/profile/edition', { signal, fallback: FAILED }).then((res) => res.edition),
    }),
};

export const editionApi = {
  save: (body: EditionSettingsBody) => api('PUT /api/profile/edition', { body, fallback: FAILED }),
};
