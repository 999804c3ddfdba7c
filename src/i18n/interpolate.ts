// Fills a compiled message (compile.ts; Lingui's format) with its values, for English and the pseudo-locale: the
// same result as Lingui's interpreter (the catalogue check compares them on every source), without downloading Lingui
// before the first screen in English. Hindi and Marathi go through Lingui, which loads with their catalogue.
import type { CompiledMessage } from './compile';

export type MessageValues = Record<string, string | number>;

const cache = new Map<string, Intl.PluralRules | Intl.NumberFormat>();
const memo = <T extends Intl.PluralRules | Intl.NumberFormat>(key: string, make: () => T): T => {
  let made = cache.get(key);
  if (!made) {
    made = make();
    cache.set(key, made);
  }
  return made as T;
};

export function interpolate(message: CompiledMessage, values: MessageValues, tag: string): string {
  const number = (n: number) => memo(`n${tag}`, () => new Intl.NumberFormat(tag)).format(n);
  const fill = (tokens: CompiledMessage, count?: number): string => {
    let out = '';
    for (const token of tokens) {
      if (typeof token === 'string') {
        out += token === '#' && count !== undefined ? number(count) : token;
        continue;
      }
      const [name, type, format] = token;
      const value = values[name];
      if (type === 'number') out += number(Number(value));
      else if (format && typeof format === 'object') {
        const cases = format as Record<string, CompiledMessage> & { offset?: number };
        const own = (key: string) => (Object.hasOwn(cases, key) ? cases[key] : undefined);
        if (type === 'select') out += fill(own(String(value)) ?? cases.other ?? []);
        else {
          const n = Number(value) - (cases.offset ?? 0);
          const rules = memo(`${type}${tag}`, () => new Intl.PluralRules(tag, { type: type === 'plural' ? 'cardinal' : 'ordinal' }));
          out += fill(own(String(value)) ?? own(rules.select(n)) ?? cases.other ?? [], n);
        }
      } else if (value != null) out += String(value);
    }
    return out;
  };
  return fill(message);
}
