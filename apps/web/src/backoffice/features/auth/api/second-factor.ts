import { useMutation } from '@tanstack/react-query';
import { staffPost } from '@/backoffice/lib/api';
import { useSessionChanged } from './session-changed';

export const passSecondFactor = (code: string) => staffPost<unknown>('/v2/backoffice/login/second-factor', { code });

export const useSecondFactor = () => {
  const changed = useSessionChanged();
  return useMutation({ mutationFn: passSecondFactor, onSuccess: () => changed() });
};
