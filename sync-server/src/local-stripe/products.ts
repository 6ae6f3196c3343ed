/** Products: create (with an id of the caller's choosing, as Stripe allows), retrieve, list, update. */
import type Stripe from 'stripe';
import { invalidRequest, noSuch } from './errors.ts';
import { newId } from './ids.ts';
import { listOf } from './list.ts';
import { allowOnly, metadata, optionalBoolean, optionalString, requiredString } from './params.ts';
import { json, type RequestContext, type Route } from './route.ts';
import type { LocalStripeStore } from './store.ts';

export function findProduct(store: LocalStripeStore, id: string, param?: string): Stripe.Product {
  const product = store.products.get(id);
  if (product === undefined) throw noSuch('product', id, param);
  return product;
}

/** A new product from `name`, `description`, `metadata` (also `product_data` when making a price). */
export function makeProduct(context: RequestContext, params: RequestContext['params'], id?: string): Stripe.Product {
  const { store } = context;
  const now = store.nowSeconds();
  const product: Stripe.Product = store.products.put({
    id: id ?? newId('prod'),
    object: 'product',
    active: optionalBoolean(params, 'active') ?? true,
    created: now,
    default_price: null,
    description: optionalString(params, 'description') ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: metadata(params),
    name: requiredString(params, 'name'),
    package_dimensions: null,
    shippable: null,
    tax_details: null,
    type: 'service',
    updated: now,
    url: null,
  });
  context.events.record('product.created', product, context);
  return product;
}

function create(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, ['id', 'name', 'description', 'metadata', 'active']);
  const id = optionalString(params, 'id');
  if (id !== undefined && store.products.get(id) !== undefined) {
    throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
  }
  return json(makeProduct(context, params, id));
}

function update(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, ['name', 'description', 'metadata', 'active']);
  const product = findProduct(store, context.pathParams.id ?? '');
  const previous = { name: product.name, description: product.description, active: product.active };
  Object.assign(product, {
    name: optionalString(params, 'name') ?? product.name,
    description: optionalString(params, 'description') ?? product.description,
    active: optionalBoolean(params, 'active') ?? product.active,
    metadata: metadata(params, product.metadata),
    updated: store.nowSeconds(),
  } satisfies Partial<Stripe.Product>);
  context.events.record('product.updated', product, context, previous);
  return json(product);
}

export const productRoutes: readonly Route[] = [
  { method: 'POST', path: '/v1/products', handle: create },
  {
    method: 'GET',
    path: '/v1/products',
    handle: ({ store, params }) => {
      const active = optionalBoolean(params, 'active');
      const rows = store.products.newestFirst().filter((product) => active === undefined || product.active === active);
      return json(listOf('/v1/products', rows, params));
    },
  },
  {
    method: 'GET',
    path: '/v1/products/:id',
    handle: ({ store, pathParams }) => json(findProduct(store, pathParams.id ?? '')),
  },
  { method: 'POST', path: '/v1/products/:id', handle: update },
];
