import { describe, expect, it } from 'vitest';
import { readFounderCsv } from './founder-csv';

describe('readFounderCsv', () => {
  it('reads the profiles under a header in any column order, tidying handles and blanks', () => {
    const csv = [
      'Name,TWITTER,bio,proflink,followers',
      'Ada Quill,@ada_quill,"Building a calmer inbox, one thread at a time.",https://img.example/ada.png,120',
      ' Bo Rennet ,bo_rennet,,,9',
    ].join('\r\n');
    expect(readFounderCsv(csv)).toEqual({
      profiles: [
        { twitter: 'ada_quill', name: 'Ada Quill', bio: 'Building a calmer inbox, one thread at a time.', proflink: 'https://img.example/ada.png' },
        { twitter: 'bo_rennet', name: 'Bo Rennet', bio: '', proflink: null },
      ],
      skipped: [],
      problem: null,
    });
  });

  it('skips each bad row with its line and reason and keeps the good ones', () => {
    const csv = [
      'twitter,name,bio,proflink',
      'good_one,Good One,"Line one\nline two",', // spans lines 2-3
      'has space,Bad Handle,bio,', // 4
      'no_name,,bio,', // 5
      'bad_link,Bad Link,bio,javascript:alert(1)', // 6
      `too_long,Long Bio,${'x'.repeat(501)},`, // 7
      'GOOD_ONE,Same Handle,bio,', // 8: a repeat, compared without case
      'short', // 9: cells missing
      'good_two,Good Two,bio,https://img.example/2.jpg', // 10
      '"never_closed,Oops,bio,', // 11
      'lost,Lost,bio,',
    ].join('\n');
    const read = readFounderCsv(csv);
    expect(read.profiles.map((profile) => profile.twitter)).toEqual(['good_one', 'good_two']);
    expect(read.profiles[0]?.bio).toBe('Line one\nline two');
    expect(read.skipped.map((row) => row.line)).toEqual([4, 5, 6, 7, 8, 9, 11]);
    expect(read.skipped[0]?.reason).toMatch(/^twitter: /);
    expect(read.skipped[1]?.reason).toBe('name: The name is empty');
    expect(read.skipped[2]?.reason).toBe('proflink: The picture is not an http(s) address');
    expect(read.skipped[3]?.reason).toBe('bio: The bio is longer than 500');
    expect(read.skipped[4]?.reason).toBe('twitter: @GOOD_ONE is already in the file');
    expect(read.skipped[5]?.reason).toMatch(/^name: /);
    expect(read.skipped[6]?.reason).toMatch(/never closes/);
    expect(read.problem).toBeNull();
  });

  it('reads without a proflink column: every picture is drawn', () => {
    expect(readFounderCsv('twitter,name,bio\nada,Ada,Makes things').profiles).toEqual([
      { twitter: 'ada', name: 'Ada', bio: 'Makes things', proflink: null },
    ]);
  });

  it('names the problem when no row can be read', () => {
    expect(readFounderCsv('')).toMatchObject({ profiles: [], problem: 'The file has no header row' });
    expect(readFounderCsv('handle,name\nada,Ada')).toMatchObject({ profiles: [], problem: 'The header has no twitter, bio column' });
  });
});
