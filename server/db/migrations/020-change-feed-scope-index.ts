export const m020ChangeFeedScopeIndex = {
  id: '020_change_feed_scope_index',
  sql: `
-- The change feed reads "numbers above the cursor" within the caller's scope (server/services/change-feed.ts): a
-- branch for the review and verification roles, the owner for an officer. On the tenant-wide index alone a pull walks
-- every change of every other branch since the cursor before finding its own; these give each scope its own range.
CREATE INDEX applications_branch_change_seq ON applications (tenant_id, branch_id, change_seq);
CREATE INDEX applications_owner_change_seq ON applications (tenant_id, owner_user_id, change_seq);
CREATE INDEX application_scope_exits_branch_seq ON application_scope_exits (tenant_id, branch_id, change_seq);
`,
};
