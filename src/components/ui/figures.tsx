// Figures in running text kept whole: each amount of money ('₹1,20,000.00'), date ('27-11-2026') or grouped number
// is one unbreakable unit on screen, whatever the width of the column it sits in.
import { Children, Fragment, type ReactNode } from 'react';

/** ₹ amounts (with or without a space after the sign), DD-MM-YYYY dates, and numbers with group separators or decimals. */
const FIGURE = /₹\s?[\d,]+(?:\.\d+)?|\d{2}-\d{2}-\d{4}|\d{1,3}(?:,\d{2,3})+(?:\.\d+)?|\d+\.\d+/g;

/** One figure as one unit. */
export const Figure = ({ children }: { children: ReactNode }) => <span className="figure">{children}</span>;

/** Text as it is, with every figure in it wrapped as one unit; anything that is not a string is shown unchanged. */
export function Figures({ text }: { text: unknown }): ReactNode {
  if (typeof text !== 'string') return text as ReactNode;
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(FIGURE)) {
    const start = m.index ?? 0;
    if (start > at) out.push(text.slice(at, start));
    out.push(<Figure key={start}>{m[0]}</Figure>);
    at = start + m[0].length;
  }
  if (out.length === 0) return text;
  if (at < text.length) out.push(text.slice(at));
  return <Fragment>{out}</Fragment>;
}

/** Each text child with its figures kept whole (children that are elements are left as they are). */
export const withFigures = (children: ReactNode) => Children.map(children, (c) => (typeof c === 'string' ? <Figures text={c} /> : c));

/** A paragraph whose figures are kept whole. */
export const FiguresP = ({ children }: { children: ReactNode }) => <p>{withFigures(children)}</p>;
