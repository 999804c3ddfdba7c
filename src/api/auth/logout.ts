import * as v from 'valibot';
import { mainCall } from '../http';

export const logoutCall = () => mainCall(v.object({ success: v.boolean() }), '/v1/user/logout', { method: 'PUT', silent: true });
