/**
 * A small reader of MP3 frame headers, enough to check without a decoder that a committed file
 * is what the script means to ship: a clean run of MPEG-1 Layer III frames at one sample rate
 * from the first byte to the last, and, from the encoder's "Info" frame, how many samples it
 * plays once the encoder's delay and padding are trimmed (the gapless figures LAME records).
 */

export interface Mp3Frame {
  readonly offset: number;
  readonly length: number;
  readonly version: 'MPEG-1' | 'MPEG-2' | 'MPEG-2.5';
  readonly layer: 1 | 2 | 3;
  readonly bitrateKbps: number;
  readonly sampleRate: number;
  readonly channels: 1 | 2;
}

export interface Mp3Gapless {
  /** Audio frames as the Info frame counts them (itself not included). */
  readonly frames: number;
  readonly delay: number;
  readonly padding: number;
}

export interface Mp3File {
  readonly frames: readonly Mp3Frame[];
  /** Null when the first frame carries no Info/Xing tag with LAME's delay and padding. */
  readonly gapless: Mp3Gapless | null;
  /** Samples the file plays: trimmed by the gapless figures when there are some. */
  readonly samples: number;
}

const SAMPLES_PER_FRAME = 1152;
const BITRATES_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const;
const SAMPLE_RATES = [44_100, 48_000, 32_000] as const;
const VERSIONS = { 0: 'MPEG-2.5', 2: 'MPEG-2', 3: 'MPEG-1' } as const;

/** Reads the four header bytes at `offset`; throws, naming the byte, when they are not an MPEG-1 Layer III header. */
export function readFrameHeader(bytes: Uint8Array, offset: number): Mp3Frame {
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = bytes.subarray(offset, offset + 4);
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at byte ${offset}`);
  const versionBits = (b1 >> 3) & 3;
  if (versionBits === 1) throw new Error(`reserved MPEG version at byte ${offset}`);
  const version = VERSIONS[versionBits as 0 | 2 | 3];
  const layerBits = (b1 >> 1) & 3;
  if (layerBits === 0) throw new Error(`reserved layer at byte ${offset}`);
  const layer = (4 - layerBits) as 1 | 2 | 3;
  if (version !== 'MPEG-1' || layer !== 3) throw new Error(`${version} Layer ${layer} at byte ${offset}, not MPEG-1 Layer III`);
  const bitrateIndex = b2 >> 4;
  const bitrateKbps = BITRATES_KBPS[bitrateIndex];
  if (bitrateIndex === 0 || bitrateKbps === undefined) throw new Error(`free or invalid bitrate index at byte ${offset}`);
  const sampleRate = SAMPLE_RATES[(b2 >> 2) & 3];
  if (sampleRate === undefined) throw new Error(`reserved sample rate at byte ${offset}`);
  const padding = (b2 >> 1) & 1;
  const channels = b3 >> 6 === 3 ? 1 : 2;
  const length = Math.floor((144 * bitrateKbps * 1000) / sampleRate) + padding;
  return { offset, length, version, layer, bitrateKbps, sampleRate, channels };
}

function uint32(bytes: Uint8Array, at: number): number {
  return (((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)) >>> 0;
}

/** The Info/Xing tag of the first frame, with LAME's delay and padding when they are there. */
function readGapless(bytes: Uint8Array, first: Mp3Frame): Mp3Gapless | null {
  const tag = first.offset + 4 + (first.channels === 1 ? 17 : 32);
  const name = String.fromCharCode(...bytes.subarray(tag, tag + 4));
  if (name !== 'Info' && name !== 'Xing') return null;
  const flags = uint32(bytes, tag + 4);
  if ((flags & 1) === 0) return null;
  const frames = uint32(bytes, tag + 8);
  let at = tag + 12;
  if (flags & 2) at += 4;
  if (flags & 4) at += 100;
  if (flags & 8) at += 4;
  // LAME's extension: 9 bytes of encoder name, then 12 bytes of settings and gains, then 3 bytes
  // holding the delay and the padding in 12 bits each.
  const delayAt = at + 21;
  if (delayAt + 3 > first.offset + first.length) return null;
  const [d0 = 0, d1 = 0, d2 = 0] = bytes.subarray(delayAt, delayAt + 3);
  return { frames, delay: (d0 << 4) | (d1 >> 4), padding: ((d1 & 0x0f) << 8) | d2 };
}

function id3v2Length(bytes: Uint8Array): number {
  if (String.fromCharCode(...bytes.subarray(0, 3)) !== 'ID3') return 0;
  const size = bytes.subarray(6, 10).reduce((sum, byte) => (sum << 7) | (byte & 0x7f), 0);
  return 10 + size;
}

/** Walks every frame of a file; throws when anything but frames (and ID3 tags at either end) is found. */
export function readMp3(bytes: Uint8Array): Mp3File {
  const frames: Mp3Frame[] = [];
  let offset = id3v2Length(bytes);
  const end = String.fromCharCode(...bytes.subarray(bytes.length - 128, bytes.length - 125)) === 'TAG' ? bytes.length - 128 : bytes.length;
  while (offset < end) {
    const frame = readFrameHeader(bytes, offset);
    if (offset + frame.length > end) throw new Error(`the frame at byte ${offset} runs past the end of the file`);
    frames.push(frame);
    offset += frame.length;
  }
  const first = frames[0];
  if (first === undefined) throw new Error('no MP3 frames');
  const gapless = readGapless(bytes, first);
  const samples = gapless === null ? frames.length * SAMPLES_PER_FRAME : gapless.frames * SAMPLES_PER_FRAME - gapless.delay - gapless.padding;
  return { frames, gapless, samples };
}
