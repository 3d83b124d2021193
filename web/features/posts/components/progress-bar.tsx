import type { CSSProperties } from 'react';
import { limits } from '#common/limits.ts';
import './progress-bar.css';

/** Decorative: how long this card has been in view, up to 10 seconds. */
export function ProgressBar() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-0 h-1 bg-black/25">
      <div
        className="post-progress h-full bg-primary"
        style={{ '--post-progress-ms': `${limits.discoverProgressMs}ms` } as CSSProperties}
      />
    </div>
  );
}
