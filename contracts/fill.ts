// The English text of a source with its values in, and the sources the first screens' rule messages fill: kept apart
// from the whole table (msg-template.ts), which the phone loads after its first screen.
import { msg } from './msg';

export type MessageValues = Record<string, string | number>;

export const fill = (source: string, values: MessageValues): string =>
  source.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

export const FIRST_TPL = {
  select: msg('Please select {field}'),
  enter: msg('Please enter {field}'),
  atLeast: msg('{field} must be at least {n} characters'),
  dmy: msg('Enter {field} as a real date, DD-MM-YYYY'),
  pastDate: msg('{field} cannot be in the past'),
  minChars: msg('String must contain at least {n} character(s)'),
  minNumber: msg('Number must be greater than or equal to {n}'),
  fileTooLarge: msg('File is too large. The maximum size is {mb} MB.'),
} as const;
