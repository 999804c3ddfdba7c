import { act, render, screen, waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { Component, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { LOAD_ATTEMPTS, lazyComponent } from './lazy-component';

class Catch extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {String((this.state.error as Error).message)}</p> : this.props.children;
  }
}

const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('lazyComponent', () => {
  it('renders nothing until the code arrives, then the component with its props at once (no 300 ms hold)', async () => {
    const d = deferred<(p: { name: string }) => ReactNode>();
    let loads = 0;
    const Greeting = lazyComponent(() => {
      loads += 1;
      return d.promise;
    });
    const { container } = render(<Greeting name="Asha" />);
    expect(container.textContent).toBe('');
    const started = performance.now();
    await act(async () => d.resolve(({ name }) => <p>Hello {name}</p>));
    expect(screen.getByText('Hello Asha')).toBeTruthy();
    expect(performance.now() - started).toBeLessThan(200);
    render(<Greeting name="Ravi" />);
    expect(screen.getByText('Hello Ravi')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('preload fetches the code before the first render, which then shows it synchronously', async () => {
    const Screen = lazyComponent(async () => () => <p>ready</p>);
    await Screen.preload();
    render(<Screen />);
    expect(screen.getByText('ready')).toBeTruthy();
  });

  it('a load the link dropped is asked again once back online; the page stays, no error screen', async () => {
    const tries = [deferred<() => ReactNode>(), deferred<() => ReactNode>()];
    let loads = 0;
    const Flaky = lazyComponent(() => tries[loads++]!.promise, <p>painted</p>);
    render(
      <Catch>
        <Flaky />
      </Catch>,
    );
    await act(async () => tries[0]!.reject(new Error('chunk dropped')));
    expect(screen.getByText('painted')).toBeTruthy();
    expect(loads).toBe(1);
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(loads).toBe(2);
    await act(async () => tries[1]!.resolve(() => <p>the form</p>));
    expect(screen.getByText('the form')).toBeTruthy();
  });

  it(`a load that fails ${LOAD_ATTEMPTS} times reaches the nearest error boundary`, async () => {
    let loads = 0;
    const Broken = lazyComponent<Record<string, never>>(() => {
      loads += 1;
      return Promise.reject(new Error('chunk missing'));
    });
    render(
      <Catch>
        <Broken />
      </Catch>,
    );
    for (let i = 1; i < LOAD_ATTEMPTS; i += 1) {
      await waitFor(() => expect(loads).toBe(i));
      await act(async () => window.dispatchEvent(new Event('online')));
    }
    await waitFor(() => expect(screen.getByText('failed: chunk missing')).toBeTruthy());
    expect(loads).toBe(LOAD_ATTEMPTS);
  });

  it(`an optional part whose load fails ${LOAD_ATTEMPTS} times keeps its placeholder; the page around it stays`, async () => {
    let loads = 0;
    const Extra = lazyComponent<Record<string, never>>(
      () => {
        loads += 1;
        return Promise.reject(new Error('chunk missing'));
      },
      <span>no extras</span>,
      { optional: true },
    );
    const { container } = render(
      <Catch>
        <p>the page</p>
        <Extra />
      </Catch>,
    );
    for (let i = 1; i < LOAD_ATTEMPTS; i += 1) {
      await waitFor(() => expect(loads).toBe(i));
      await act(async () => window.dispatchEvent(new Event('online')));
    }
    await waitFor(() => expect(loads).toBe(LOAD_ATTEMPTS));
    await act(async () => undefined);
    expect(container.textContent).toBe('the pageno extras');
  });

  it('shows code that arrives between its render and its effect (a module already in memory)', async () => {
    const InMemory = lazyComponent(() => Promise.resolve(() => <p>from memory</p>));
    const host = document.createElement('div');
    document.body.append(host);
    // Outside act, as in the app: React runs the effect in a later task, after the load's microtask has settled.
    const root = createRoot(host);
    root.render(<InMemory />);
    await waitFor(() => expect(host.textContent).toBe('from memory'));
    root.unmount();
    host.remove();
  });
});
