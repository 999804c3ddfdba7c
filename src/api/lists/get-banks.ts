import { BankListResponse } from '../../../contracts/lists';
import { mainCall } from '../http';

export const getBanks = () => mainCall(BankListResponse, '/v1/bank/list', { silent: true });
