import type HlsPlayer from 'hls.js';
import type { Events } from 'hls.js';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { MediaView } from '#common/schemas/media.ts';
import { playQuietly, useRenewedSource } from './use-renewed-source.ts';

type Hls = HlsPlayer;

/** Safari (and iOS browsers) play HLS themselves; Chromium and Firefox need hls.js over MSE. */
function playsHlsNatively(): boolean {
  if (typeof document === 'undefined') return false;
  return document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '';
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
 * What a `<video>` plays for a media object: its HLS ladder (natively where the browser can, with
 * hls.js, loaded only then, where it cannot) or, for videos processed before HLS, the MP4.
 * hls.js fetches nothing but the master playlist until the video plays, and starts on the rung
 * that fits the connection. Returns the `src` to render (undefined when hls.js feeds the element).
 * A renewed link (the list refetched before the old one expired) is swapped in keeping the position.
 */
export function useVideoSource(
  ref: RefObject<HTMLVideoElement | null>,
  media: MediaView,
): string | undefined {
  const hlsUrl = media.urls.hls;
  const [viaHlsJs] = useState(() => hlsUrl !== null && !playsHlsNatively());
  const nativeSrc = useRenewedSource(ref, viaHlsJs ? null : (hlsUrl ?? media.urls.video));
  const player = useRef<{ hls: Hls; events: typeof Events } | null>(null);
  const latest = useRef(hlsUrl);
  latest.current = hlsUrl;

  useEffect(() => {
    const video = ref.current;
    if (!viaHlsJs || !video) return;
    let cancelled = false;
    let hls: Hls | null = null;
    void import('hls.js/light').then(({ default: Hls }) => {
      const url = latest.current;
      if (cancelled || !url) return;
      if (!Hls.isSupported()) {
        // No MSE either: let the browser try the playlist itself.
        video.src = url;
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
        if (!video.paused) instance.startLoad(-1);
        else video.addEventListener('play', () => instance.startLoad(-1), { once: true });
      });
      instance.loadSource(url);
      instance.attachMedia(video);
    });
    return () => {
      cancelled = true;
      hls?.destroy();
      player.current = null;
    };
  }, [ref, viaHlsJs]);

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
