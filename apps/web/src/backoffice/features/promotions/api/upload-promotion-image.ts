import { useMutation } from '@tanstack/react-query';
import { staffApi } from '@/backoffice/lib/api';
import type { PromotionBody } from './keys';
import { usePromotionChanged } from './promotion-changed';

/** The image's bytes as the request body, their type as the browser tells it (the server decides by the bytes). */
export const uploadPromotionImage = (id: string, file: File) =>
  staffApi<PromotionBody>(`/v2/backoffice/promotions/${id}/image`, {
    method: 'PUT',
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
  });

export function useUploadImage(id: string) {
  const changed = usePromotionChanged();
  return useMutation({ mutationFn: (file: File) => uploadPromotionImage(id, file), onSuccess: changed });
}
