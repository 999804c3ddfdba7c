// Typed failures of encryption at rest, so a caller can tell a mistyped PIN from damaged data from a locked app.
// Messages name tables, fields and row keys (ids), never the data itself.

/**
 * Marks a message the phone translates where it shows it, as contracts/msg.ts does. Its own copy: the PIN form drawn
 * before the app has loaded imports this module, and must not wait for the chunk that holds the app's shared code.
 */
const msg = <S extends string>(source: S): S => source;

/** A PIN that is not exactly 6 digits (0-9). */
export class InvalidPinError extends Error {
  constructor() {
    super(msg('The PIN must be exactly 6 digits.'));
    this.name = 'InvalidPinError';
  }
}

/** The PIN does not open this officer's key: its check value does not match. */
export class WrongPinError extends Error {
  constructor() {
    super(msg('That PIN is not right.'));
    this.name = 'WrongPinError';
  }
}

/** Where a stored ciphertext lives: table, encrypted field and the row it is bound to. */
export type StoredValueRef = { table: string; field: string; key: unknown };

/** A stored ciphertext failed authentication (changed, truncated, or moved from another row or field). */
export class TamperedDataError extends Error {
  readonly table: string;
  readonly field: string;
  readonly key: unknown;
  constructor(
    ref: StoredValueRef,
    readonly reason: string,
    override readonly cause?: unknown,
  ) {
    super(`Stored data failed its integrity check: ${ref.table}.${ref.field} of row ${JSON.stringify(ref.key)} (${reason})`);
    this.name = 'TamperedDataError';
    this.table = ref.table;
    this.field = ref.field;
    this.key = ref.key;
  }
}

/** Encrypted data was read or written while no data key is unlocked (before the PIN, or after locking). */
export class LockedError extends Error {
  constructor(readonly table: string) {
    super(`The app is locked: enter your PIN to use ${table}.`);
    this.name = 'LockedError';
  }
}
