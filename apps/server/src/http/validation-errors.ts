import type { ErrorItem } from '@veracity/contracts/errors';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

/**
 * Turns schema validation failures (zod issues, as reported by the zod type provider) into the
 * contract's field errors: a missing value is REQUIRED, a too short string MIN_LENGTH with the limit,
 * a too small number MIN_VALUE with the limit, and so on; anything else is NOT_VALID.
 */
export function validationToErrorItems(
  validation: readonly FastifySchemaValidationError[],
  context: string | undefined,
): ErrorItem[] {
  const items = validation.map((entry): ErrorItem => {
    const field = fieldName(entry, context);
    const params = entry.params as Record<string, unknown>;
    switch (entry.keyword) {
      case 'invalid_type':
        return params.input === undefined || params.input === null
          ? { code: 'REQUIRED', field }
          : { code: 'NOT_VALID', field };
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

function fieldName(entry: FastifySchemaValidationError, context: string | undefined): string {
  const path = entry.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (path) return path;
  const missing = (entry.params as { missingProperty?: unknown }).missingProperty;
  if (typeof missing === 'string') return missing;
  return context ?? 'body';
}
