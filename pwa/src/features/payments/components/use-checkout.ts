import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { api } from '../../../lib/api-client';
import { useOnlineStatus } from '../../../lib/online-status';
import { checkoutMachine } from '../checkout.machine';
import { expertSiteNameOf, type CheckoutProduct } from '../data/charge';
import { getOrder, type OrderReply } from '../data/get-order';
import { openIdempotencyKey } from '../data/idempotency-key';
import type { CardStatus } from './card-field';

/** The order this page came back to from the bank's page (`?order=`), if any. */
function returningOrder(): string | null {
  return new URLSearchParams(window.location.search).get('order');
}

/** The checkout machine; an expert's hour asks about its order at the expert calls' own address. */
function checkoutMachineFor(product: CheckoutProduct) {
  if (expertSiteNameOf(product) === null) return checkoutMachine;
  return checkoutMachine.provide({
    actors: {
      pollOrder: fromPromise<OrderReply, { orderId: string; idempotencyKey: string }>(({ input }) =>
        getOrder(input.orderId, input.idempotencyKey, api, true),
      ),
    },
  });
}

/**
 * A checkout's machine on a screen: the idempotency key made (or read back) when the checkout
 * opens, the card field's status, and the connection followed.
 */
export function useCheckout(product: CheckoutProduct) {
  const online = useOnlineStatus();
  const [input] = useState(() => ({ product, idempotencyKey: openIdempotencyKey(product), online, resumeOrderId: returningOrder() }));
  const [machine] = useState(() => checkoutMachineFor(product));
  const [snapshot, send] = useMachine(machine, { input });
  useEffect(() => {
    send({ type: 'CONNECTION', online });
  }, [online, send]);

  const [card, setCard] = useState<CardStatus>({ ready: false, tokenize: null });
  const [onCardStatus] = useState(() => (status: CardStatus) => {
    setCard(status);
    send({ type: 'CARD_CHANGED' });
  });
  return { snapshot, send, online, card, onCardStatus };
}
