import type { EditionSettingsBody } from '@lede/shared';
import { MESSAGES } from '@lede/shared/constants';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { editionApi, editionQueries } from '../api/edition';

/** Saves the edition's settings; the answer becomes the cached settings. */
export function useSaveEdition() {
  return useMutation({
    mutationKey: [...editionQueries.all(), 'save'],
    mutationFn: (body: EditionSettingsBody) => editionApi.save(body),
    onSuccess: (res, _body, _context, { client }) => {
      client.setQueryData(editionQueries.settings().queryKey, res.edition);
      toast.success(res.message);
    },
    onError: (err) => toast.error(errorMessage(err, MESSAGES.errors.internal)),
  });
}
