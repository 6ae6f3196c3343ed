import { describe, expect, it } from 'vitest';
import { analyticsEventSchema } from './analytics';

describe('analyticsEventSchema', () => {
  it('keeps the page, not its query, fragment or secret segment', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
    expect(analyticsEventSchema.parse({ name: 'page_view', path: '/life?bday=1990-01-01#top' }).path).toBe('/life');
    expect(analyticsEventSchema.parse({ name: 'page_view', path: `/humansounds/thankyou/${token}` }).path).toBe('/humansounds/thankyou/:token');
  });
});
