/** Lists kept as JSON text in the accounts store (schema.ts conventions), read back defensively. */

export function idsFromJson(json: string | null): number[] {
  const value: unknown = json ? JSON.parse(json) : [];
  return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
}

export function stringsFromJson(json: string | null): string[] {
  const value: unknown = json ? JSON.parse(json) : [];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
