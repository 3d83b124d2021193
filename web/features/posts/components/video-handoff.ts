/**
 * Where a video was when the fan opened it from a card into the viewer, and where the viewer left
 * it when closed: so opening continues the video (playing if it was) instead of restarting it,
 * and closing hands the position back to the card. Keyed by the media's id.
 */
export interface VideoPlace {
  time: number;
  playing: boolean;
}

const handedOver = new Map<string, VideoPlace>();
const returnListeners = new Map<string, Set<(place: VideoPlace) => void>>();

/** Where a video element is now. */
export const placeOf = (video: HTMLVideoElement): VideoPlace => ({
  time: video.currentTime,
  playing: !video.paused,
});

/** The card hands its video to the viewer it is opening. */
export function handOver(mediaId: string, place: VideoPlace): void {
  handedOver.set(mediaId, place);
}

/** The viewer takes the place it was handed, once (null when opened some other way). */
export function takeOver(mediaId: string): VideoPlace | null {
  const place = handedOver.get(mediaId) ?? null;
  handedOver.delete(mediaId);
  return place;
}

/** The viewer, closing, hands the position back to the card that opened it. */
export function handBack(mediaId: string, place: VideoPlace): void {
  for (const listener of returnListeners.get(mediaId) ?? []) listener(place);
}

/** The card listens for its video coming back; returns an unsubscribe. */
export function onHandBack(mediaId: string, listener: (place: VideoPlace) => void): () => void {
  const listeners = returnListeners.get(mediaId) ?? new Set();
  listeners.add(listener);
  returnListeners.set(mediaId, listeners);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) returnListeners.delete(mediaId);
  };
}

/**
 * Moves a video to `time`: at once (before its data loads this is where it starts), and again
 * once its metadata loads, as a new source (hls.js attaching) resets the start position.
 */
export function seekTo(video: HTMLVideoElement, time: number): void {
  if (!(time > 0)) return;
  try {
    video.currentTime = time;
  } catch {
    // Some browsers refuse a seek before any data: the metadata listener below does it.
  }
  if (video.readyState < 1) {
    video.addEventListener(
      'loadedmetadata',
      () => {
        video.currentTime = time;
      },
      { once: true },
    );
  }
}
