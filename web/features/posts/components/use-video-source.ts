import type HlsPlayer from 'hls.js';
import type { Events } from 'hls.js';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { MediaView } from '#common/schemas/media.ts';
import { pageIdle } from '../../../lib/page-idle.ts';
import { playQuietly, useRenewedSource } from './use-renewed-source.ts';

type Hls = HlsPlayer;

/**
 * hls.js wherever Media Source Extensions exist (Chromium, Firefox, desktop Safari, iOS 17.1+ with
 * ManagedMediaSource): there the app decides when loading starts and on which rung. The browser's
 * own HLS only where there is no MSE (older iPhones), whose player picks its rungs itself.
 */
function needsHlsJs(): boolean {
  if (typeof window === 'undefined') return false;
  const sources = window as unknown as { MediaSource?: unknown; ManagedMediaSource?: unknown };
  return sources.MediaSource !== undefined || sources.ManagedMediaSource !== undefined;
}

/** The browser's own estimate of the connection (Chromium's Network Information API), in bits/s. */
function connectionEstimate(): number | null {
  const connection = (navigator as Navigator & { connection?: { downlink?: number } }).connection;
  const mbps = connection?.downlink;
  return typeof mbps === 'number' && mbps > 0 ? mbps * 1_000_000 : null;
}

/**
 * The rung to start on: the largest whose bitrate fits in 80% of the estimated bandwidth and whose
 * picture is not taller than the player shows; with no estimate, hls.js measures the first segment.
 */
function startLevel(levels: { bitrate: number; height: number }[], video: HTMLVideoElement): number {
  const estimate = connectionEstimate();
  if (estimate === null) return -1;
  const shown = (video.clientHeight || 720) * (window.devicePixelRatio || 1);
  let chosen = 0;
  levels.forEach((level, index) => {
    if (level.bitrate <= estimate * 0.8 && level.height <= Math.max(shown, levels[0]?.height ?? 0))
      chosen = index;
  });
  return chosen;
}

/**
 * What a `<video>` plays for a media object: its HLS ladder (with hls.js, loaded only then, where
 * the browser has MSE; natively elsewhere) or, for videos processed before HLS, the MP4.
 * hls.js fetches nothing but the master playlist until the video plays, and starts on the rung
 * that fits the connection. Returns the `src` to render (undefined when hls.js feeds the element).
 * A renewed link (the list refetched before the old one expired) is swapped in keeping the position.
 */
export function useVideoSource(
  ref: RefObject<HTMLVideoElement | null>,
  media: MediaView,
  /**
   * False while the video is not wanted yet (a card not scrolled to): hls.js, about 115 KB
   * gzipped, is not even downloaded until this turns true once (it stays loaded after).
   */
  load = true,
  /**
   * A card's muted, looping preview: played from the start of one rung without hls.js where the
   * browser allows (preview-player.ts), so a first page with a video never parses hls.js.
   */
  preview = false,
): string | undefined {
  const hlsUrl = media.urls.hls;
  const [viaHlsJs] = useState(() => hlsUrl !== null && needsHlsJs());
  const [loading, setLoading] = useState(load);
  if (load && !loading) setLoading(true);
  const nativeSrc = useRenewedSource(ref, viaHlsJs ? null : (hlsUrl ?? media.urls.video));
  const player = useRef<{ hls: Hls; events: typeof Events } | null>(null);
  const latest = useRef(hlsUrl);
  latest.current = hlsUrl;

  useEffect(() => {
    const video = ref.current;
    if (!viaHlsJs || !video || !loading) return;
    let cancelled = false;
    let hls: Hls | null = null;
    // A play() before hls.js is attached is cut short when the element gets its media source:
    // remember it (an `autoPlay` element wants to play too), and play once segments can load.
    let wanted = !video.paused || video.autoplay;
    const onPlay = () => {
      wanted = true;
    };
    const onPause = () => {
      wanted = false;
    };
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    const stopWatching = () => {
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
    };
    const withHlsJs = () =>
      // hls.js (~115 KB gzipped) loads once the page is idle: the poster is painted meanwhile, and
      // a first page with a video answers taps before it parses hls.js.
      pageIdle()
        .then(() => (cancelled ? null : import('hls.js/light')))
        .then((module) => {
          const url = latest.current;
          if (cancelled || !url || !module) return;
          const Hls = module.default;
          stopWatching();
          if (!Hls.isSupported()) {
            // No usable MSE after all: let the browser try the playlist itself.
            video.src = url;
            if (wanted) playQuietly(video);
            return;
          }
          const estimate = connectionEstimate();
          hls = new Hls({
            autoStartLoad: false,
            capLevelToPlayerSize: true,
            testBandwidth: estimate === null,
            ...(estimate === null ? {} : { abrEwmaDefaultEstimate: estimate }),
          });
          const instance = hls;
          player.current = { hls: instance, events: Hls.Events };
          instance.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
            instance.startLevel = startLevel(data.levels, video);
            if (wanted || !video.paused) {
              instance.startLoad(-1);
              playQuietly(video);
            } else video.addEventListener('play', () => instance.startLoad(-1), { once: true });
          });
          instance.loadSource(url);
          instance.attachMedia(video);
        });
    const stopPreview = new AbortController();
    const url = latest.current;
    if (preview && url) {
      // A card's muted preview plays without hls.js where it can; otherwise, or if it fails, hls.js.
      // Its code (a few KB) comes when a card first plays, not with the page.
      import('./preview-player.ts')
        .then(({ playPreview }) =>
          playPreview(video, url, {
            signal: stopPreview.signal,
            wanted: () => wanted,
            bitsPerSecond: connectionEstimate(),
          }),
        )
        .catch(() => {
          if (cancelled) return;
          video.removeAttribute('src');
          video.load();
          void withHlsJs();
        });
    } else void withHlsJs();
    return () => {
      cancelled = true;
      stopPreview.abort();
      stopWatching();
      hls?.destroy();
      player.current = null;
    };
  }, [ref, viaHlsJs, loading, preview]);

  useEffect(() => {
    const current = player.current;
    const video = ref.current;
    if (!current || !video || !hlsUrl || current.hls.url === hlsUrl) return;
    const { hls, events } = current;
    const time = video.currentTime;
    const playing = !video.paused;
    hls.once(events.MANIFEST_PARSED, () => {
      hls.startLoad(time);
      if (playing) playQuietly(video);
    });
    hls.loadSource(hlsUrl);
  }, [ref, hlsUrl]);

  return viaHlsJs ? undefined : nativeSrc;
}
