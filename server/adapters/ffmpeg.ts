import { spawn } from 'node:child_process';
import { createSemaphore } from '../lib/semaphore.ts';

export interface ProbeResult {
  formatName: string;
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
}

export class ToolFailedError extends Error {
  override name = 'ToolFailedError';
  /**
   * Why: `exit` (the tool read the file and refused it), `timeout` (it ran past its limit),
   * `start` (it could not be started) or `killed` (something else stopped it, such as the
   * machine's out-of-memory killer). The last two are the machine's fault, not the file's: worth
   * another try.
   */
  readonly kind: 'exit' | 'timeout' | 'start' | 'killed';

  constructor(message: string, kind: ToolFailedError['kind']) {
    super(message);
    this.kind = kind;
  }

  get temporary(): boolean {
    return this.kind === 'start' || this.kind === 'killed';
  }
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
    side_data_list?: { rotation?: number }[];
  }[];
}

/** Only local files: a media file must not make ffmpeg open URLs or other protocols. */
const LOCAL_ONLY = ['-protocol_whitelist', 'file'];

function execute(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stderrBytes = 0;
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep the first 64 KiB of diagnostics; a broken file can make ffmpeg very talkative.
      if (stderrBytes < 65_536) stderr.push(chunk);
      stderrBytes += chunk.length;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ToolFailedError(`${command} could not start: ${error.message}`, 'start'));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const result = {
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      };
      if (code === 0) resolve(result);
      else
        reject(
          new ToolFailedError(
            `${command} failed (${signal ?? code}): ${result.stderr.slice(0, 500)}`,
            timedOut ? 'timeout' : signal ? 'killed' : 'exit',
          ),
        );
    });
  });
}

/** ffprobe and ffmpeg from the machine (Debian's package), with ffmpeg runs capped per process. */
export function createFfmpeg(options: { concurrency: number; ffmpegPath?: string; ffprobePath?: string }) {
  const ffmpegPath = options.ffmpegPath ?? 'ffmpeg';
  const ffprobePath = options.ffprobePath ?? 'ffprobe';
  const slots = createSemaphore(options.concurrency);
  return {
    /** Null when the file does not parse as a video with a picture and a duration. */
    async probe(file: string): Promise<ProbeResult | null> {
      let json: ProbeJson;
      try {
        const { stdout } = await execute(
          ffprobePath,
          ['-v', 'error', ...LOCAL_ONLY, '-print_format', 'json', '-show_format', '-show_streams', file],
          30_000,
        );
        json = JSON.parse(stdout) as ProbeJson;
      } catch (error) {
        // A missing or killed ffprobe says nothing about the file.
        if (error instanceof ToolFailedError && error.temporary) throw error;
        return null;
      }
      const video = json.streams?.find((stream) => stream.codec_type === 'video');
      const audio = json.streams?.find((stream) => stream.codec_type === 'audio');
      const duration = Number(json.format?.duration ?? video?.duration);
      if (
        !video?.codec_name ||
        !video.width ||
        !video.height ||
        !Number.isFinite(duration) ||
        duration <= 0
      ) {
        return null;
      }
      const rotation = Math.abs(video.side_data_list?.find((data) => data.rotation)?.rotation ?? 0);
      const turned = rotation === 90 || rotation === 270;
      return {
        formatName: json.format?.format_name ?? '',
        durationSeconds: duration,
        width: turned ? video.height : video.width,
        height: turned ? video.width : video.height,
        videoCodec: video.codec_name,
        audioCodec: audio?.codec_name ?? null,
      };
    },

    /** Runs ffmpeg on local files once a slot is free (FFMPEG_CONCURRENCY). */
    run(args: string[], timeoutMs = 60 * 60_000): Promise<void> {
      return slots.run(async () => {
        await execute(
          ffmpegPath,
          ['-nostdin', '-hide_banner', '-loglevel', 'error', ...LOCAL_ONLY, ...args],
          timeoutMs,
        );
      });
    },
  };
}

export type Ffmpeg = ReturnType<typeof createFfmpeg>;
