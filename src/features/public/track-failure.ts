// What both tracking pages say when the server could not be reached (apart, so one page does not load the other).
export const OFFLINE_FAILURE = 'Could not reach the server. Check your connection and try again.';
