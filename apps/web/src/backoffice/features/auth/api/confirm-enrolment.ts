import { useMutation } from '@tanstack/react-query';
import type { RecoveryCodesResponse } from '@app/contracts';
import { staffPost } from '@/backoffice/lib/api';
import { useSessionChanged } from './session-changed';

export const confirmEnrolment = (code: string) =>
  staffPost<RecoveryCodesResponse>('/v2/backoffice/second-factor/enrolment/confirm', { code });

export const useConfirmEnrolment = () => {
  const changed = useSessionChanged();
  return useMutation({ mutationFn: confirmEnrolment, onSuccess: () => changed() });
};
