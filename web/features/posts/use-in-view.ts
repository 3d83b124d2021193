import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether at least `threshold` of the element is on screen. Without IntersectionObserver (old
 * browsers, some test DOMs) nothing counts as in view, so nothing autoplays.
 */
export function useInView(ref: RefObject<Element | null>, threshold: number, rootMargin = '0px'): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (entry) setInView(entry.isIntersecting && entry.intersectionRatio >= threshold);
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold, rootMargin]);
  return inView;
}
