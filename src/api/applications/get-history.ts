import * as v from 'valibot';
import { HistoryEntry } from '../../../contracts/change-history';
import { envelope } from '../../../contracts/envelope';
import { mainCall } from '../http';

/** GET /v1/app/mfi/{id}/history: the application's change history, oldest first (contracts/change-history.ts). */
export const HistoryResponse = envelope(v.object({ history: v.array(HistoryEntry) }));

export const getHistory = (appId: string) => mainCall(HistoryResponse, `/v1/app/mfi/${appId}/history`, { silent: true, blocking: false });
