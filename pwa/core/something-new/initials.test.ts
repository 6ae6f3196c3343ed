import { describe, expect, it } from 'vitest';
import { hslToHex, initialsArt, initialsOf, INITIALS_FIELD } from './initials';

function luminance(hexColour: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hexColour.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ada Quill')).toBe('AQ');
    expect(initialsOf('mara de la Vega')).toBe('MV');
    expect(initialsOf('Juno')).toBe('J');
    expect(initialsOf('  Émile   Ørsted ')).toBe('ÉØ');
    expect(initialsOf('Jean-Luc Ponto')).toBe('JP');
  });

  it('skips punctuation and falls back to a question mark', () => {
    expect(initialsOf('"Kit" (Builder)')).toBe('KB');
    expect(initialsOf('🚀 ...')).toBe('?');
    expect(initialsOf('')).toBe('?');
  });
});

describe('initialsArt', () => {
  it('gives a name the same colours every time, and different names different ones', () => {
    expect(initialsArt('Ada Quill')).toEqual(initialsArt('Ada Quill'));
    const hues = new Set(['Ada Quill', 'Bo Rennet', 'Cyra Holt', 'Dev Amani', 'Esme Tarn'].map((name) => initialsArt(name).from));
    expect(hues.size).toBeGreaterThan(1);
  });

  it('keeps white initials readable (WCAG AA) on every hue of the field', () => {
    for (let hue = 0; hue < 360; hue++) {
      const field = hslToHex(hue, INITIALS_FIELD.saturation, INITIALS_FIELD.lightness);
      expect(contrast(field, '#ffffff'), `hue ${hue}: ${field}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('converts HSL like CSS does', () => {
    expect(hslToHex(0, 1, 0.5)).toBe('#ff0000');
    expect(hslToHex(120, 1, 0.25)).toBe('#008000');
    expect(hslToHex(240, 1, 0.5)).toBe('#0000ff');
    expect(hslToHex(0, 0, 1)).toBe('#ffffff');
  });
});
