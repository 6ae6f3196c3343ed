import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { withoutSecrets } from './secret-paths';

describe('withoutSecrets', () => {
  const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

  it('hides the download token of the thank-you page and of the API behind it', () => {
    expect(withoutSecrets(paths.humanSoundsThankYou.href(token))).toBe('/humansounds/thankyou/:token');
    expect(withoutSecrets(`/api/humansounds/library/${token}/zip`)).toBe('/api/humansounds/library/:token/zip');
  });

  it('matches as the router does: any letter case, repeated slashes', () => {
    expect(withoutSecrets(`//HumanSounds//ThankYou/${token}`)).toBe('//HumanSounds//ThankYou/:token');
  });

  it('leaves every other path as it was', () => {
    expect(withoutSecrets('/humansounds/pay')).toBe('/humansounds/pay');
    expect(withoutSecrets('/life')).toBe('/life');
  });
});
