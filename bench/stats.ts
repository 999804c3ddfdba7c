// What the browser benches share to read their arguments and summarise their runs.

/** The value after `--name` on the command line, if any. */
export const argValue = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

/** The nearest-rank percentile `p` (0 to 1) of `xs`. */
export const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(p * xs.length) - 1)]!;
