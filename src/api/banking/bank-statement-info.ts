// POST /v1/banking/bank-statement-info: statement analysis (CAM) of an uploaded bank statement.
import * as v from 'valibot';
import { envelope } from '../../../contracts/envelope';
import { mainCall } from '../http';

export const CamAnswer = envelope(v.object({ download_url: v.string() }));

export const bankStatementInfo = (body: { bank_name: string; password: string; file_id: string; mfi_app_id: string }) =>
  mainCall(CamAnswer, '/v1/banking/bank-statement-info', { method: 'POST', silent: true, body });
