import { describe, expect, it } from 'vitest';
import { hlsArguments, videoLadder } from './video-processing.ts';

describe('videoLadder', () => {
  const sizes = (width: number, height: number) =>
    videoLadder(width, height).map((rung) => `${rung.name}:${rung.width}x${rung.height}`);

  it('never goes above the source, and adds the source size when it falls between rungs', () => {
    expect(sizes(3840, 2160)).toEqual(['360p:640x360', '720p:1280x720', '1080p:1920x1080']);
    expect(sizes(1920, 1080)).toEqual(['360p:640x360', '720p:1280x720', '1080p:1920x1080']);
    expect(sizes(1280, 720)).toEqual(['360p:640x360', '720p:1280x720']);
    expect(sizes(848, 480)).toEqual(['360p:636x360', '480p:848x480']);
    expect(sizes(320, 240)).toEqual(['240p:320x240']);
  });

  it('names a portrait video by its short side, with even dimensions', () => {
    expect(sizes(1080, 1920)).toEqual(['360p:360x640', '720p:720x1280', '1080p:1080x1920']);
    expect(sizes(721, 1281)).toEqual(['360p:360x640', '720p:720x1280']);
  });

  it('caps each rung at a higher bitrate than the one below', () => {
    const ladder = videoLadder(1920, 1080);
    expect(ladder.map((rung) => rung.maxrate)).toEqual(
      [...ladder.map((rung) => rung.maxrate)].sort((a, b) => a - b),
    );
  });
});

describe('hlsArguments', () => {
  it('maps one video (and audio only when there is some) per rung into fMP4 segments', () => {
    const ladder = videoLadder(1280, 720);
    const withAudio = hlsArguments('/in.mp4', '/out', ladder, true);
    expect(withAudio).toContain('fmp4');
    expect(withAudio[withAudio.indexOf('-var_stream_map') + 1]).toBe('v:0,a:0,name:360p v:1,a:1,name:720p');
    const silent = hlsArguments('/in.mp4', '/out', ladder, false);
    expect(silent[silent.indexOf('-var_stream_map') + 1]).toBe('v:0,name:360p v:1,name:720p');
    expect(silent).not.toContain('0:a:0');
  });
});
