import { useMutation } from '@tanstack/react-query';
import type { InvitationAcceptBody, InvitationResponse, RecoveryCodesResponse } from '@app/contracts';
import { staffPost } from '@/backoffice/lib/api';
import { useSessionChanged } from './session-changed';

/** Who is invited and the second factor to scan (decision 110); the token from the page's fragment. */
export const openInvitation = (token: string) => staffPost<InvitationResponse>('/v2/backoffice/invitation', { token });
export const useOpenInvitation = () => useMutation({ mutationFn: openInvitation });

/** The password and the first code together: enrolled, signed in, ten recovery codes. */
export const acceptInvitation = (body: InvitationAcceptBody) => staffPost<RecoveryCodesResponse>('/v2/backoffice/invitation/accept', body);
export const useAcceptInvitation = () => {
  const changed = useSessionChanged();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: () => changed() });
};
