import type { ErrorItem } from '@veracity/contracts/errors';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

/**
 * Turns schema validation failures (zod issues, as reported by the zod type provider) into the
 * contract's field errors: a missing value is REQUIRED, a too short string MIN_LENGTH with the limit,
 * a too small number MIN_VALUE with the limit, and so on; anything else is NOT_VALID. `data` is the
 * part of the request that failed (zod's issues do not carry the value): a value of the wrong type
 * is NOT_VALID, not missing.
 */
export function validationToErrorItems(
  validation: readonly FastifySchemaValidationError[],
  context: string | undefined,
  data?: unknown,
): ErrorItem[] {
  const items = validation.map((entry): ErrorItem => {
    const field = fieldName(entry, context);
    const params = entry.params as Record<string, unknown>;
    switch (entry.keyword) {
      case 'invalid_type': {
        const value = valueAt(data, entry.instancePath);
        return value === undefined || value === null
          ? { code: 'REQUIRED', field }
          : { code: 'NOT_VALID', field };
      }
      case 'too_small':
        return limitItem(params, field, 'MIN_LENGTH', 'MIN_VALUE');
      case 'too_big':
        return limitItem(params, field, 'MAX_LENGTH', 'MAX_VALUE');
      default:
        return { code: 'NOT_VALID', field };
    }
  });
  // One message per field and code is enough for a person to act on.
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.field}:${item.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function limitItem(
  params: Record<string, unknown>,
  field: string,
  lengthCode: 'MIN_LENGTH' | 'MAX_LENGTH',
  valueCode: 'MIN_VALUE' | 'MAX_VALUE',
): ErrorItem {
  const limit = params.minimum ?? params.maximum;
  const value = typeof limit === 'number' || typeof limit === 'bigint' ? Number(limit) : undefined;
  const isLength = params.origin === 'string' || params.origin === 'array' || params.origin === 'set';
  if (isLength && params.origin === 'string' && value === 1) return { code: 'REQUIRED', field };
  return { code: isLength ? lengthCode : valueCode, field, ...(value === undefined ? {} : { value }) };
}

/** The value at a JSON pointer such as "/filters/0/column", or undefined where there is none. */
function valueAt(data: unknown, pointer: string): unknown {
  let value = data;
  for (const key of pointer.split('/').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function fieldName(entry: FastifySchemaValidationError, context: string | undefined): string {
  const path = entry.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (path) return path;
  const missing = (entry.params as { missingProperty?: unknown }).missingProperty;
  if (typeof missing === 'string') return missing;
  return context ?? 'body';
}
