// REQ-PUB-2 GET /v1/track: an application's status and timeline by its External Loan Id, for this tenant's host.
import { TrackResponse } from '../../../contracts/tracking';
import { mainCall } from '../http';

export const trackLoan = (trackerId: string) =>
  mainCall(TrackResponse, '/v1/track', {
    query: { tracker_id: trackerId, hostname: window.location.hostname },
    silent: true,
    blocking: true,
  });
