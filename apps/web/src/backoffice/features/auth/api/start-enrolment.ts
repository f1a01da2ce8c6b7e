import { useMutation } from '@tanstack/react-query';
import type { EnrolmentResponse } from '@app/contracts';
import { staffPost } from '@/backoffice/lib/api';

export const startEnrolment = () => staffPost<EnrolmentResponse>('/v2/backoffice/second-factor/enrolment');

export const useStartEnrolment = () => useMutation({ mutationFn: startEnrolment });
