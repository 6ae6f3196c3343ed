import { describe, expect, it } from 'vitest';
import { declinedMessage } from './checkout-messages';

describe('declinedMessage', () => {
  it('shows the server’s full answer once: no second "Error: " and no second piece of advice', () => {
    const server = 'Error: The card was declined. No money was taken. Try another card, or ask your bank why.';
    expect(declinedMessage(server)).toBe(server);
    expect(declinedMessage(`  ${server} `)).toBe(server);
  });

  it('turns a bare reason into Error: with what to do', () => {
    expect(declinedMessage('Your card was declined.')).toBe('Error: Your card was declined. Check the card details, or use another card.');
    expect(declinedMessage('')).toBe('Error: The payment was declined. Check the card details, or use another card.');
  });
});
