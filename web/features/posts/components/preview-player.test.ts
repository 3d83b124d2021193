import { describe, expect, it } from 'vitest';
import { parseMaster, parseMediaPlaylist, pickRung, type Rung } from './preview-player.ts';

// As the media job's ffmpeg writes them (server/services/media/hls.ts), with signed links.
const master = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-STREAM-INF:BANDWIDTH=2855600,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"
/api/media/m1/hls-720p?expires=1&signature=b

#EXT-X-STREAM-INF:BANDWIDTH=765600,RESOLUTION=636x360,CODECS="avc1.640016,mp4a.40.2"
/api/media/m1/hls-360p?expires=1&signature=a
#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x180
no-codecs.m3u8
`;
const rung = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:4
#EXT-X-MAP:URI="/api/media/m1/hls-360p/init_0.mp4?expires=1&signature=c"
#EXTINF:4.000000,
/api/media/m1/hls-360p/seg-00000.m4s?expires=1&signature=d
#EXTINF:1.500000,
seg-00001.m4s
#EXT-X-ENDLIST
`;

describe('the card preview player', () => {
  it('reads the rungs of a master playlist, cheapest first, leaving out any that does not name its codecs', () => {
    expect(parseMaster(master, 'https://fan.example/api/media/m1/hls?expires=1')).toEqual([
      {
        bandwidth: 765_600,
        height: 360,
        codecs: 'avc1.640016,mp4a.40.2',
        url: 'https://fan.example/api/media/m1/hls-360p?expires=1&signature=a',
      },
      {
        bandwidth: 2_855_600,
        height: 720,
        codecs: 'avc1.64001f,mp4a.40.2',
        url: 'https://fan.example/api/media/m1/hls-720p?expires=1&signature=b',
      },
    ]);
  });

  it('reads a rung’s init segment and media segments with their durations', () => {
    expect(parseMediaPlaylist(rung, 'https://fan.example/api/media/m1/hls-360p?expires=1')).toEqual({
      init: 'https://fan.example/api/media/m1/hls-360p/init_0.mp4?expires=1&signature=c',
      segments: [
        { url: 'https://fan.example/api/media/m1/hls-360p/seg-00000.m4s?expires=1&signature=d', duration: 4 },
        { url: 'https://fan.example/api/media/m1/seg-00001.m4s', duration: 1.5 },
      ],
    });
    expect(parseMediaPlaylist('#EXTM3U\n#EXTINF:4,\nseg.m4s\n', 'https://fan.example/')).toBeNull();
  });

  it('picks the smallest rung as tall as the card shows, within the connection', () => {
    const rungs: Rung[] = [
      { bandwidth: 800_000, height: 360, codecs: 'c', url: 'a' },
      { bandwidth: 2_800_000, height: 720, codecs: 'c', url: 'b' },
      { bandwidth: 6_000_000, height: 1080, codecs: 'c', url: 'c' },
    ];
    expect(pickRung(rungs, 300, null)?.url).toBe('a');
    expect(pickRung(rungs, 600, null)?.url).toBe('b');
    expect(pickRung(rungs, 2000, null)?.url).toBe('c');
    // 4 Mbit/s affords 2.8 but not 6 Mbit/s.
    expect(pickRung(rungs, 2000, 4_000_000)?.url).toBe('b');
    // A connection too slow for any rung still gets the cheapest.
    expect(pickRung(rungs, 600, 100_000)?.url).toBe('a');
    expect(pickRung([], 600, null)).toBeUndefined();
  });
});
