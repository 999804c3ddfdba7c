import * as v from 'valibot';
import { envelope } from './envelope';

/** The lender's part of the Key Facts Statement (contracts/kfs.ts; RBI/2024-25/18 Annex A Part 2). */
export const TenantKfs = v.object({
  grievance_officer: v.object({ name: v.string(), phone: v.string(), email: v.string() }),
  recovery_policy: v.string(),
  cooling_off_days: v.number(),
  /** Annex IA Part 2 item 4: whether the loan may be transferred to another lender or securitised. */
  may_be_transferred: v.boolean(),
});
/** The documented household-income method (contracts/household-income.ts `HouseholdMethod`). */
export const TenantHouseholdMethod = v.object({ default_gross_margin_pct: v.number(), household_relationships: v.array(v.string()) });

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
  /** A visit photo waits for a location fix at least this accurate (metres), else the officer gives a reason. */
  photo_accuracy_m: v.optional(v.number(), 50),
  kfs: v.optional(TenantKfs),
  household_income: v.optional(TenantHouseholdMethod),
});
export type TenantConfig = v.InferOutput<typeof TenantConfig>;
export const TenantConfigResponse = envelope(TenantConfig);
