import { describe, expect, it } from 'vitest';
import { canonicalForm, parseForm } from './form.ts';
import { createLocalStripe } from './local-stripe.ts';

describe("Stripe's form bodies", () => {
  it('nest objects and both array spellings', () => {
    expect(
      parseForm(
        'amount=2000&metadata[order]=ord%201&payment_method_types[]=card&payment_method_types[]=link' +
          '&expand[0]=latest_charge&card[number]=4242424242424242&items[0][price]=p_1&items[1][price]=p_2',
      ),
    ).toEqual({
      amount: '2000',
      metadata: { order: 'ord 1' },
      payment_method_types: ['card', 'link'],
      expand: ['latest_charge'],
      card: { number: '4242424242424242' },
      items: [{ price: 'p_1' }, { price: 'p_2' }],
    });
  });

  it('compare parameters whatever their order', () => {
    expect(canonicalForm(parseForm('a=1&metadata[x]=1&metadata[y]=2'))).toBe(
      canonicalForm(parseForm('metadata[y]=2&a=1&metadata[x]=1')),
    );
    expect(canonicalForm(parseForm('a=1'))).not.toBe(canonicalForm(parseForm('a=2')));
  });
});

describe('in production', () => {
  it('the local Stripe refuses to start unless test payments are allowed explicitly', () => {
    expect(() => createLocalStripe({ nodeEnv: 'production' })).toThrow(/refused in production/);
    expect(() => createLocalStripe({ nodeEnv: 'production', allowInProduction: true }).stop()).not.toThrow();
  });

  it('a webhook URL needs a whsec_ secret', () => {
    expect(() => createLocalStripe({ nodeEnv: 'test', webhookUrl: 'http://127.0.0.1:9/hook' })).toThrow(/whsec_/);
  });
});
