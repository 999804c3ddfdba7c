export type LogEntry = Record<string, unknown>;
export type Logger = { info(entry: LogEntry): void; error(entry: LogEntry): void };

/** One JSON line per entry. Callers pass only safe fields: never bodies, query strings, tokens, OTPs or ids of people. */
export const consoleLogger: Logger = {
  info: (e) => process.stdout.write(`${JSON.stringify(e)}\n`),
  error: (e) => process.stderr.write(`${JSON.stringify(e)}\n`),
};

export const silentLogger: Logger = { info: () => undefined, error: () => undefined };
