import { ProfileResponse } from '../../../contracts/profile';
import { mainCall } from '../http';

export const getMe = () => mainCall(ProfileResponse, '/v1/user/me', { silent: true });
