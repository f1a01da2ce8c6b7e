import { useMutation } from '@tanstack/react-query';
import type { ChangeStaffPasswordBody } from '@app/contracts';
import { staffPost } from '@/backoffice/lib/api';

export const changePassword = (body: ChangeStaffPasswordBody) => staffPost<{ ok: true }>('/v2/backoffice/password', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
