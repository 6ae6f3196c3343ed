/**
 * `npm run sounds`: renders every Human Sounds recipe, encodes the MP3s and the preview video
 * with Debian's ffmpeg, and writes the manifest of hashes the tests check the committed files
 * against. Running it again on the same recipes changes no byte.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { HUMAN_SOUNDS } from '#core/human-sounds/catalogue';
import { pcmBytes, SAMPLE_RATE } from './dsp.ts';
import { pitchBetween, pitchTrack } from './analysis.ts';
import { encodeMp3, encodeWebm, ffmpegVersion } from './encode.ts';
import { AUDIO_DIR, MANIFEST_FILE, MP3_BITRATE_KBPS, PREVIEW_FILE, PUBLIC_DIR, audioFile, sha256 } from './manifest.ts';
import type { Manifest, SoundEntry } from './manifest.ts';
import { readMp3 } from './mp3-frames.ts';
import { PREVIEW_FONT, layOutPreview, previewBackground, previewFilterGraph } from './preview.ts';
import { renderSound } from './recipes.ts';

const encoder = ffmpegVersion();
if (!existsSync(PREVIEW_FONT)) throw new Error(`${PREVIEW_FONT} is missing: apt-get install fonts-dejavu-core`);
mkdirSync(AUDIO_DIR, { recursive: true });

const wanted = new Set(HUMAN_SOUNDS.map((sound) => `${sound.id}.mp3`));
for (const file of readdirSync(AUDIO_DIR)) {
  if (file.endsWith('.mp3') && !wanted.has(file)) rmSync(`${AUDIO_DIR}/${file}`);
}

const rendered = HUMAN_SOUNDS.map((sound) => ({ sound, pcm: renderSound(sound.id) }));
const entries: SoundEntry[] = [];
for (const { sound, pcm } of rendered) {
  const bytes = pcmBytes(pcm);
  encodeMp3(bytes, MP3_BITRATE_KBPS, audioFile(sound.id));
  const mp3 = readFileSync(audioFile(sound.id));
  entries.push({
    id: sound.id,
    samples: pcm.length,
    seconds: pcm.length / SAMPLE_RATE,
    pcmSha256: sha256(bytes),
    mp3Sha256: sha256(mp3),
    mp3Bytes: mp3.length,
  });
  const track = pitchTrack(pcm);
  const seconds = pcm.length / SAMPLE_RATE;
  const hz = (from: number, to: number) => {
    const value = pitchBetween(track, from * seconds, to * seconds);
    return Number.isNaN(value) ? '-' : String(Math.round(value));
  };
  const plays = readMp3(mp3).samples;
  console.log(
    `${sound.id.padEnd(13)} ${seconds.toFixed(2)} s  ${String(mp3.length).padStart(6)} B  plays ${plays} samples  pitch ${hz(0, 0.25)} → ${hz(0.75, 1)} Hz (first → last quarter)`,
  );
}

const preview = layOutPreview(rendered.map(({ sound, pcm }) => ({ name: sound.name, pcm })));
encodeWebm(pcmBytes(preview.pcm), previewBackground(preview.seconds), previewFilterGraph(preview), PREVIEW_FILE);
const video = readFileSync(PREVIEW_FILE);
console.log(`preview       ${preview.seconds.toFixed(2)} s  ${video.length} B`);

const manifest: Manifest = {
  sampleRate: SAMPLE_RATE,
  encoder,
  mp3: `libmp3lame ${MP3_BITRATE_KBPS} kbit/s CBR, mono, LAME Info frame, no ID3`,
  sounds: entries,
  preview: {
    file: relative(PUBLIC_DIR, PREVIEW_FILE),
    sha256: sha256(video),
    bytes: video.length,
    seconds: Math.round(preview.seconds * 1000) / 1000,
  },
};
writeFileSync(MANIFEST_FILE, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`wrote ${relative(process.cwd(), MANIFEST_FILE)}`);
