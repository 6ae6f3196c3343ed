import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { readFounderCsv } from '#core/something-new/founder-csv';
import type { FounderProfile } from '#core/schemas/something-new';
import { REPO_ROOT } from '../../env.ts';
import type { Logger } from '../../logger.ts';

/** The fictional founders that ship with the product, shown when the operator provides no file. */
export const SAMPLE_CSV_PATH = path.join(REPO_ROOT, 'sync-server', 'data', 'something-new-sample.csv');

/** A dataset of ~80 rows is a few tens of kilobytes; a file far larger is not one. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

export interface FounderProfiles {
  readonly profiles: readonly FounderProfile[];
  /** The profiles are the fictional sample, not the operator's file. */
  readonly sample: boolean;
}

/** The profiles of one file, or why none could be had (each skipped row is logged). */
function readProfilesFile(file: string, logger: Logger): readonly FounderProfile[] | string {
  let text: string;
  try {
    const { size } = statSync(file);
    if (size > MAX_FILE_BYTES) return `the file is ${size} bytes, more than the ${MAX_FILE_BYTES} a profile list may be`;
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const read = readFounderCsv(text);
  for (const row of read.skipped) logger.warn({ file, line: row.line, reason: row.reason }, 'Something New: a CSV row was skipped');
  if (read.problem !== null) return read.problem;
  if (read.profiles.length === 0) return 'no row makes a valid profile';
  return read.profiles;
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * The founder profiles Something New shows, read once at start: the operator's CSV when there
 * is one, otherwise (or when it has no valid row) the fictional sample. Never throws: a bad row
 * is skipped and logged, a bad file is logged and the sample stands in.
 */
export function loadFounderProfiles(csvPath: string, logger: Logger, samplePath: string = SAMPLE_CSV_PATH): FounderProfiles {
  if (exists(csvPath)) {
    const read = readProfilesFile(csvPath, logger);
    if (typeof read !== 'string') {
      logger.info({ file: csvPath, profiles: read.length }, 'Something New: profiles loaded');
      return { profiles: read, sample: false };
    }
    logger.error({ file: csvPath, problem: read }, 'Something New: the profiles file cannot be used; showing the fictional sample');
  }
  const sample = readProfilesFile(samplePath, logger);
  if (typeof sample === 'string') {
    logger.error({ file: samplePath, problem: sample }, 'Something New: the sample cannot be read; no profiles to show');
    return { profiles: [], sample: true };
  }
  logger.info({ file: samplePath, profiles: sample.length }, 'Something New: no profiles file in the data folder; showing the fictional sample');
  return { profiles: sample, sample: true };
}

/**
 * The origins the profiles' pictures come from, for the page's Content-Security-Policy
 * (img-src): only these, and none for the sample, whose pictures are all drawn.
 */
export function pictureOrigins(profiles: readonly FounderProfile[]): string[] {
  const origins = new Set<string>();
  for (const { proflink } of profiles) {
    if (proflink !== null) origins.add(new URL(proflink).origin);
  }
  return [...origins].sort();
}
