// What both tracking pages say when the server could not be reached (apart, so one page does not load the other).
import { msg } from '../../../contracts/msg';
export const OFFLINE_FAILURE = msg('Could not reach the server. Check your connection and try again.');
