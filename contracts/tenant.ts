import * as v from 'valibot';
import { envelope } from './envelope';

export const TenantConfig = v.object({
  tenant_id: v.string(),
  name: v.string(),
  lender_name: v.string(),
  favicon_url: v.string(),
  logo_url: v.string(),
  brand_color: v.string(),
  terms_url: v.string(),
  privacy_url: v.string(),
  contact_url: v.string(),
  idle_lock_minutes: v.optional(v.number(), 15),
  background_lock_minutes: v.optional(v.number(), 5),
});
export type TenantConfig = v.InferOutput<typeof TenantConfig>;
export const TenantConfigResponse = envelope(TenantConfig);
