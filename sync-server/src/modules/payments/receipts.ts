import { CONTACT_EMAIL } from '#core/contact';
import { formatUsd, HUMAN_SOUNDS_MATCH_LIMIT_CENTS } from '#core/plans/prices';

/** The receipt e-mails of the one-time purchases (plain text: every mail client shows it as is). */

export interface Receipt {
  readonly subject: string;
  readonly text: string;
}

export interface ReceiptOrder {
  readonly id: string;
  readonly name: string | null;
  readonly amountCents: number;
}

const greeting = (order: ReceiptOrder) => (order.name === null ? 'Hello,' : `Hello ${order.name},`);

export function passReceipt(order: ReceiptOrder): Receipt {
  const amount = formatUsd(order.amountCents);
  return {
    subject: `Your receipt: THE PASS (${amount})`,
    text: [
      greeting(order),
      '',
      'Thank you for buying THE PASS.',
      '',
      `What you bought: THE PASS, premium access to the products that come next.`,
      `Amount paid: ${amount} (USD)`,
      `Order: ${order.id}`,
      '',
      "We'll e-mail you when the next product ships.",
      '',
      'Memento',
    ].join('\n'),
  };
}

export function soundsReceipt(order: ReceiptOrder, downloadUrl: string): Receipt {
  const amount = formatUsd(order.amountCents);
  return {
    subject: `Your receipt: Human Sounds UX library (${amount})`,
    text: [
      greeting(order),
      '',
      'Thank you for buying the Human Sounds UX library.',
      '',
      'What you bought: the Human Sounds UX library, ten interface sounds as MP3 files in one zip.',
      `Amount paid: ${amount} (USD)`,
      `Order: ${order.id}`,
      '',
      'Download the library here, as often as you like:',
      downloadUrl,
      'Anyone with this link can download the library, so keep it to yourself.',
      '',
      `The sales go to charity, and we match them up to ${formatUsd(HUMAN_SOUNDS_MATCH_LIMIT_CENTS)} in total.`,
      `Questions, or a link that does not work? Write to ${CONTACT_EMAIL}.`,
      '',
      'Memento',
    ].join('\n'),
  };
}
