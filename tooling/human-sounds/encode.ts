/**
 * The script's only outside tool: Debian's ffmpeg, fed our PCM on its standard input. The flags
 * make its output depend on the samples alone (no version string, date, random id or metadata,
 * one thread), so the same recipes give the same bytes on every run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { SAMPLE_RATE } from './dsp.ts';

export const FFMPEG = '/usr/bin/ffmpeg';

/** What every run shares: PCM on stdin, nothing but the output, and no stamp of when or by what. */
const PCM_INPUT = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '1', '-i', 'pipe:0'];
const REPRODUCIBLE = ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags', '+bitexact'];

/** The first line of `ffmpeg -version`; throws with what to install when it is missing. */
export function ffmpegVersion(): string {
  if (!existsSync(FFMPEG)) throw new Error(`${FFMPEG} is missing: install Debian's ffmpeg (apt-get install ffmpeg)`);
  const result = spawnSync(FFMPEG, ['-hide_banner', '-version'], { encoding: 'utf8' });
  const line = result.stdout.split('\n')[0];
  if (result.status !== 0 || line === undefined) throw new Error(`${FFMPEG} -version failed: ${result.stderr}`);
  return line.replace(/ Copyright.*$/, '');
}

function run(args: readonly string[], pcm: Buffer): void {
  const result = spawnSync(FFMPEG, [...PCM_INPUT, ...args], { input: pcm, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`ffmpeg failed (${String(result.status)}): ${result.stderr}`);
}

/** MP3 at a constant bitrate with LAME's Info frame (it carries the gapless delay and padding) and no ID3 tags. */
export function encodeMp3(pcm: Buffer, bitrateKbps: number, outFile: string): void {
  run(['-c:a', 'libmp3lame', '-b:a', `${bitrateKbps}k`, '-id3v2_version', '0', '-write_id3v1', '0', ...REPRODUCIBLE, outFile], pcm);
}

/**
 * WebM with VP9 and Opus, the pictures drawn by `filterGraph` from the audio (input 0) and a
 * plain background (input 1). libvpx runs on one thread without row threading, so it is
 * deterministic.
 */
export function encodeWebm(pcm: Buffer, background: string, filterGraph: string, outFile: string): void {
  run(
    [
      '-f', 'lavfi', '-i', background,
      '-filter_complex', filterGraph, '-map', '[v]', '-map', '[a]',
      '-c:v', 'libvpx-vp9', '-crf', '42', '-b:v', '0', '-deadline', 'good', '-cpu-used', '4', '-threads', '1', '-row-mt', '0', '-g', '240',
      '-c:a', 'libopus', '-b:a', '48k',
      ...REPRODUCIBLE, outFile,
    ],
    pcm,
  );
}
