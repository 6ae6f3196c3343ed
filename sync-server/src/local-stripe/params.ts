/** Reading typed values out of a parsed form body, answering bad input as Stripe does (400). */
import type Stripe from 'stripe';
import { invalidRequest, missingParam } from './errors.ts';
import { isFormObject, type FormObject, type FormValue } from './form.ts';

export function optionalString(params: FormObject, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${name}`, name);
  return value;
}

export function requiredString(params: FormObject, name: string): string {
  const value = optionalString(params, name);
  if (value === undefined || value === '') throw missingParam(name);
  return value;
}

export function optionalInteger(params: FormObject, name: string): number | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw invalidRequest(`Invalid integer: ${value}`, name);
  }
  return Number(value);
}

export function optionalBoolean(params: FormObject, name: string): boolean | undefined {
  const value = optionalString(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, name);
  return value === 'true';
}

export function optionalObject(params: FormObject, name: string): FormObject | undefined {
  const value: FormValue | undefined = params[name];
  if (value === undefined) return undefined;
  if (!isFormObject(value)) throw invalidRequest(`Invalid object`, name);
  return value;
}

export function stringList(params: FormObject, name: string): string[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw invalidRequest(`Invalid array`, name);
  }
  return value.filter((item): item is string => typeof item === 'string');
}

/** Stripe's metadata: string values; an empty value removes a key when updating. */
export function metadata(params: FormObject, previous: Stripe.Metadata = {}): Stripe.Metadata {
  const given = optionalObject(params, 'metadata');
  if (given === undefined) return { ...previous };
  const result = new Map(Object.entries(previous));
  for (const [key, value] of Object.entries(given)) {
    if (typeof value !== 'string') throw invalidRequest(`Invalid metadata value for ${key}`, `metadata[${key}]`);
    if (value === '') result.delete(key);
    else result.set(key, value);
  }
  return Object.fromEntries(result);
}

/** Stripe refuses parameters it does not know; so does the local Stripe (`expand` is accepted and ignored). */
export function allowOnly(params: FormObject, names: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (key !== 'expand' && !names.includes(key)) {
      throw invalidRequest(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
    }
  }
}

/** An array of objects, as `items[0][price]=…&items[1][price]=…` is read. */
export function objectList(params: FormObject, name: string): FormObject[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw invalidRequest(`Invalid array`, name);
  return value.map((item, index) => {
    if (!isFormObject(item)) throw invalidRequest(`Invalid object`, `${name}[${index}]`);
    return item;
  });
}
