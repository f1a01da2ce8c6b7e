import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeStaffPasswordBody,
  EnrolmentResponse,
  RecoveryCodesResponse,
  StaffLoginBody,
  StaffSessionResponse,
} from '@app/contracts';
import { staffApi, staffPost } from './api';

/** This staff member, role and second factor (GET /v2/backoffice/me); 401 when signed out. */
export const meQueryOptions = queryOptions({
  queryKey: ['backoffice', 'me'],
  queryFn: () => staffApi<StaffSessionResponse>('/v2/backoffice/me'),
  staleTime: 60_000,
});

/** After any sign-in step the session is a new one: what /me says is read again. */
function useSessionChanged() {
  const client = useQueryClient();
  return (me?: StaffSessionResponse) => {
    if (me) client.setQueryData(meQueryOptions.queryKey, me);
    else void client.invalidateQueries({ queryKey: meQueryOptions.queryKey });
  };
}

export const useStaffLogin = () => {
  const changed = useSessionChanged();
  return useMutation({
    mutationFn: (body: StaffLoginBody) => staffPost<StaffSessionResponse>('/v2/backoffice/login', body),
    onSuccess: (me) => changed(me),
  });
};

export const useSecondFactor = () => {
  const changed = useSessionChanged();
  return useMutation({
    mutationFn: (code: string) => staffPost<unknown>('/v2/backoffice/login/second-factor', { code }),
    onSuccess: () => changed(),
  });
};

export const useStartEnrolment = () =>
  useMutation({ mutationFn: () => staffPost<EnrolmentResponse>('/v2/backoffice/second-factor/enrolment') });

export const useConfirmEnrolment = () => {
  const changed = useSessionChanged();
  return useMutation({
    mutationFn: (code: string) => staffPost<RecoveryCodesResponse>('/v2/backoffice/second-factor/enrolment/confirm', { code }),
    onSuccess: () => changed(),
  });
};

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: ChangeStaffPasswordBody) => staffPost<{ ok: true }>('/v2/backoffice/password', body) });

export const useStaffLogout = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => staffPost<{ ok: true }>('/v2/backoffice/logout'),
    onSettled: () => client.clear(),
  });
};
