// The focus after a screen change, in a real React tree: to the new screen's heading once it is painted (also when
// the screen paints late, or swaps a loading heading for its own), never left on <body>; a field the screen focuses
// itself keeps the focus.
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { useHeadingFocus } from './use-heading-focus';

afterEach(cleanup);

function Frame({ path, children }: { path: string; children: React.ReactNode }) {
  useHeadingFocus('main', path);
  return <div id="main">{children}</div>;
}

/** A screen whose heading arrives after its data (a 'Loading' heading first). */
function LateScreen({ title }: { title: string }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setReady(true), 30);
    return () => clearTimeout(t);
  }, []);
  return ready ? <h2>{title}</h2> : <h2>Loading</h2>;
}

it('moves the focus to the new screen heading, also when the heading is painted late', async () => {
  const { rerender } = render(
    <Frame path="/a">
      <button type="button">Create Application</button>
    </Frame>,
  );
  const trigger = document.querySelector('button')!;
  trigger.focus();
  rerender(
    <Frame path="/b">
      <LateScreen title="Borrower Information" />
    </Frame>,
  );
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Borrower Information'));
  expect(document.activeElement?.tagName).toBe('H2');
  expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
});

it('prefers an h1, skips a heading inside a dialog, and leaves a field the screen focused itself', async () => {
  const { rerender } = render(
    <Frame path="/a">
      <p>start</p>
    </Frame>,
  );
  rerender(
    <Frame path="/b">
      <div role="dialog">
        <h2>Sheet</h2>
      </div>
      <h2>Section</h2>
      <h1>Screen</h1>
    </Frame>,
  );
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Screen'));
  rerender(
    <Frame path="/c">
      <h2>PIN</h2>
      <input aria-label="PIN" autoFocus />
    </Frame>,
  );
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(document.activeElement?.getAttribute('aria-label')).toBe('PIN');
});

it('the old screen, kept on view while the new one loads, does not keep the focus', async () => {
  const { rerender } = render(
    <Frame path="/a">
      <h2>Applications</h2>
    </Frame>,
  );
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Applications'));
  // The route changed; its screen's code is still loading, so the old screen stays.
  rerender(
    <Frame path="/profile">
      <h2>Applications</h2>
    </Frame>,
  );
  rerender(
    <Frame path="/profile">
      <LateScreen title="User Details" />
    </Frame>,
  );
  await waitFor(() => expect(document.activeElement?.textContent).toBe('User Details'));
});
