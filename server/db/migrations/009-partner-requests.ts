export const m009PartnerRequests = {
  id: '009_partner_requests',
  sql: `
-- REQ-PUB-3 partner registration ('Join us') sent by public visitors. tracker_id: 'PTR' + 10 upper-case
-- hex. status SUBMITTED on arrival; UNDER_REVIEW, APPROVED, REJECTED are for a staff review not built yet. data holds
-- the submitted PartnerRequest fields (contracts/partner.ts), files as ids of join-us uploads. At most one open request
-- (SUBMITTED or UNDER_REVIEW) per tenant and mobile.
CREATE TABLE partner_requests (
  id text NOT NULL,
  tenant_id text NOT NULL REFERENCES tenants(tenant_id),
  tracker_id text NOT NULL,
  mobile text NOT NULL,
  status text NOT NULL DEFAULT 'SUBMITTED' CHECK (status IN ('SUBMITTED', 'UNDER_REVIEW', 'APPROVED', 'REJECTED')),
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, tracker_id)
);
CREATE INDEX partner_requests_mobile ON partner_requests (tenant_id, mobile, created_at DESC);
CREATE UNIQUE INDEX partner_requests_open ON partner_requests (tenant_id, mobile) WHERE status IN ('SUBMITTED', 'UNDER_REVIEW');

-- Calls that need no token (join-us uploads and requests, public tracking) are counted per address, like the OTP
-- sends in otp_send_log, so one address cannot flood them (server/services/public-action-limit.ts).
CREATE TABLE public_action_log (
  id bigserial PRIMARY KEY,
  action text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX public_action_log_ip ON public_action_log (action, ip, created_at);
`,
};
