import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { lazyRetrying, retryFailedLoads } from './lazy-retrying';

class Caught extends Component<{ readonly children: ReactNode }, { readonly failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>could not load</p> : this.props.children;
  }
}

interface GreetingProps {
  readonly name: string;
}

function Greeting({ name }: GreetingProps) {
  return <p>Hello, {name}</p>;
}

function mount(Part: ComponentType<GreetingProps>) {
  return render(
    <Caught>
      <Suspense fallback={<p>loading</p>}>
        <Part name="Ada" />
      </Suspense>
    </Caught>,
  );
}

describe('lazyRetrying', () => {
  beforeEach(() => {
    // React reports every error a boundary catches on the console.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('fetches again on the next mount once failed loads may be retried, where React.lazy would fail for good', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Greeting);
    const Part = lazyRetrying(load);

    const first = mount(Part);
    expect(await screen.findByText('could not load')).toBeTruthy();
    first.unmount();
    // Until then a failure stands: a retry at every render would fetch in a loop while offline.
    const second = mount(Part);
    expect(await screen.findByText('could not load')).toBeTruthy();
    second.unmount();
    expect(load).toHaveBeenCalledTimes(1);

    retryFailedLoads();
    mount(Part);
    expect(await screen.findByText('Hello, Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fetches once while in flight and never again once in', async () => {
    const load = vi.fn<() => Promise<ComponentType<GreetingProps>>>().mockResolvedValue(Greeting);
    const Part = lazyRetrying(load);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part name="Ada" />
        <Part name="Grace" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello, Grace')).toBeTruthy();
    expect(screen.getByText('Hello, Ada')).toBeTruthy();

    mount(Part);
    expect(screen.getAllByText('Hello, Ada')).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the stand-in instead of failing, and fetches again on the next mount once back online', async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Greeting);
    const Part = lazyRetrying(load, ({ name }) => <p>Not yet, {name}</p>);

    const first = mount(Part);
    expect(await screen.findByText('Not yet, Ada')).toBeTruthy();
    expect(screen.queryByText('could not load')).toBeNull();
    first.unmount();

    window.dispatchEvent(new Event('online'));
    mount(Part);
    expect(await screen.findByText('Hello, Ada')).toBeTruthy();
  });
});
