import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadFounderProfiles, pictureOrigins } from './load-profiles.ts';

interface Line {
  readonly level: number;
  readonly msg: string;
  readonly line?: number;
  readonly reason?: string;
  readonly problem?: string;
}

const lines: Line[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text !== '') lines.push(JSON.parse(text) as Line);
      done();
    },
  }),
);
const WARN = 40;
const ERROR = 50;

const folder = mkdtempSync(path.join(tmpdir(), 'memento-something-new-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
beforeEach(() => {
  lines.length = 0;
});

function csvFile(name: string, text: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return file;
}

describe('loadFounderProfiles', () => {
  it('ships a fictional sample of about 80 valid profiles, every picture drawn', () => {
    const { profiles, sample } = loadFounderProfiles(path.join(folder, 'absent.csv'), logger);
    expect(sample).toBe(true);
    expect(profiles.length).toBeGreaterThanOrEqual(75);
    expect(profiles.length).toBeLessThanOrEqual(85);
    expect(profiles.every((profile) => profile.proflink === null)).toBe(true);
    expect(lines.filter((line) => line.level >= WARN)).toEqual([]);
    expect(pictureOrigins(profiles)).toEqual([]);
  });

  it("reads the operator's file, skipping and logging each bad row without stopping", () => {
    const file = csvFile(
      'founders.csv',
      [
        'twitter,name,bio,proflink',
        'real_one,Real One,Builds things,https://pictures.example/1.png',
        '!!,Bad Handle,bio,',
        'real_two,Real Two,"Builds, more",http://other.example:8080/2.png',
        'real_one,Again,bio,',
      ].join('\n'),
    );
    const { profiles, sample } = loadFounderProfiles(file, logger);
    expect(sample).toBe(false);
    expect(profiles.map((profile) => profile.twitter)).toEqual(['real_one', 'real_two']);
    const warnings = lines.filter((line) => line.level === WARN);
    expect(warnings.map((line) => line.line)).toEqual([3, 5]);
    expect(warnings.every((line) => line.msg === 'Something New: a CSV row was skipped' && typeof line.reason === 'string')).toBe(true);
    expect(pictureOrigins(profiles)).toEqual(['http://other.example:8080', 'https://pictures.example']);
  });

  it('falls back to the sample, with an error logged, when the file has no usable row or cannot be read', () => {
    for (const file of [csvFile('empty.csv', ''), csvFile('no-header.csv', 'handle,who\nx,y'), csvFile('all-bad.csv', 'twitter,name,bio\n!!,,\n'), folder]) {
      lines.length = 0;
      const { profiles, sample } = loadFounderProfiles(file, logger);
      expect(sample, file).toBe(true);
      expect(profiles.length).toBeGreaterThan(0);
      expect(lines.filter((line) => line.level === ERROR)).toHaveLength(1);
    }
  });

  it('shows no profiles, without throwing, if even the sample is missing', () => {
    expect(loadFounderProfiles(path.join(folder, 'absent.csv'), logger, path.join(folder, 'no-sample.csv'))).toEqual({ profiles: [], sample: true });
    expect(lines.some((line) => line.level === ERROR)).toBe(true);
  });
});
