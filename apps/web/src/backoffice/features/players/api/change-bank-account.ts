import type { ChangeBankAccountBody } from '@app/contracts';
import { staffApi } from '@/backoffice/lib/api';
import { usePlayerAction } from './player-action';

export const changeBankAccount = (id: string, body: ChangeBankAccountBody) =>
  staffApi<{ bankAccount: unknown }>(`/v2/backoffice/players/${id}/bank-account`, { method: 'PUT', body: JSON.stringify(body) });

export const useChangeBankAccount = (id: string) => usePlayerAction(id, (body: ChangeBankAccountBody) => changeBankAccount(id, body));
