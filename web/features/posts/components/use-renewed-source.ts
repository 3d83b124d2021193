import { type RefObject, useEffect, useState } from 'react';

/**
 * Signed video URLs are renewed by refetching the list. A new URL is swapped into the element by
 * hand, keeping the position and whether it was playing, so a renewal never restarts a video.
 * Returns the URL to render first; React never changes `src` after that.
 */
export function useRenewedSource(
  ref: RefObject<HTMLVideoElement | null>,
  url: string | null,
): string | undefined {
  const [first] = useState(url ?? undefined);
  useEffect(() => {
    const video = ref.current;
    if (!video || !url || video.getAttribute('src') === url) return;
    const time = video.currentTime;
    const playing = !video.paused;
    video.src = url;
    video.addEventListener(
      'loadedmetadata',
      () => {
        video.currentTime = time;
        if (playing) playQuietly(video);
      },
      { once: true },
    );
  }, [ref, url]);
  return first;
}

/** Browsers may refuse to autoplay (power saving, policy): that is not an error worth reporting. */
export function playQuietly(video: HTMLVideoElement): void {
  try {
    void Promise.resolve(video.play()).catch(() => {});
  } catch {
    // Some DOMs have no media playback at all.
  }
}
