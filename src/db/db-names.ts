// The user database's names, apart from Dexie: a signed-in start reads the key vault by name before Dexie loads.
const safePart = (s: string) => s.replace(/[^A-Za-z0-9_.-]/g, '_');
export const userDbName = (tenantId: string, userId: string) => `flo-u-${safePart(tenantId)}-${safePart(userId)}`;
/** The encrypted database has its own name: a phone's older clear one is copied over once, then deleted. */
export const encryptedUserDbName = (tenantId: string, userId: string) => `flo-e-${safePart(tenantId)}-${safePart(userId)}`;
