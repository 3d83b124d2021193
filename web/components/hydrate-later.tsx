import { Component, type ReactNode, Suspense } from 'react';
import { isHydrating, nextHydrationSlice } from '../lib/hydration.ts';

interface HydrateLaterProps {
  /** False: adopted with the rest of the page. */
  when?: boolean;
  children: ReactNode;
}

/** Decided once, when first rendered: later renders (a new page of cards) never wait. */
class WaitForSlice extends Component<HydrateLaterProps> {
  private waiting: Promise<void> | null =
    this.props.when !== false && isHydrating()
      ? nextHydrationSlice().then(() => {
          this.waiting = null;
        })
      : null;

  override render() {
    if (this.waiting) throw this.waiting;
    return this.props.children;
  }
}

/**
 * Waits for a task of its own before its markup from the server is adopted. Adopting a long
 * page's every card in the one task kept a phone's main thread busy for hundreds of milliseconds;
 * cards wait their turn after the page's frame, each in its own task, while the server's markup stays
 * on screen (Preact keeps a part's markup while it suspends, docs/decisions/0032). Rendered in
 * the browser, on the server or in tests, it renders its child at once. The child must render
 * one element: the node the server's markup keeps for it.
 */
export function HydrateLater({ when = true, children }: HydrateLaterProps) {
  return (
    <Suspense fallback={null}>
      <WaitForSlice when={when}>{children}</WaitForSlice>
    </Suspense>
  );
}
