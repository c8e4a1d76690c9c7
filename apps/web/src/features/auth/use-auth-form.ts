import { zErrorItem } from '@veracity/contracts/errors';
import { type ChangeEvent, useCallback, useMemo, useState } from 'react';
import { describeErrorItem } from '../../lib/api-errors';
import type { FieldErrors } from './auth-validation';

/**
 * The small form state of the auth screens: values, touched fields, the client rules' errors and
 * the server's field items. A field's error shows only once it is touched (spec 01 §5); a submit
 * touches every field.
 */
export function useAuthForm<Values extends { [K in keyof Values]: string | boolean }>(
  initial: Values,
  validate: (values: Values) => FieldErrors<Extract<keyof Values, string>>,
) {
  type Name = Extract<keyof Values, string>;
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<Name>>({});

  const errors = useMemo(() => validate(values), [validate, values]);
  const valid = Object.values(errors).every((error) => !error);

  const setValue = useCallback(<N extends Name>(name: N, value: Values[N]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const touch = useCallback((name: Name) => setTouched((current) => ({ ...current, [name]: true })), []);

  const touchAll = useCallback(() => {
    setTouched(Object.fromEntries(Object.keys(initial).map((name) => [name, true])) as Record<Name, true>);
  }, [initial]);

  const errorOf = (name: Name): string | undefined => errors[name] ?? serverErrors[name];

  /** Props for an <Input> bound to a text field. */
  const text = (name: Name) => ({
    name,
    value: String(values[name]),
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value as Values[Name]),
    onBlur: () => touch(name),
    touched: touched[name] ?? false,
    error: errorOf(name),
  });

  /** Props for a checkbox field. */
  const checkbox = (name: Name) => ({
    name,
    checked: values[name] === true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(name, event.target.checked as Values[Name]);
      touch(name);
    },
    onBlur: () => touch(name),
    touched: touched[name] ?? false,
    error: errorOf(name),
  });

  /** Puts the server's field items (400/409 bodies) under the fields they name. */
  const applyServerItems = useCallback(
    (body: unknown) => {
      if (!Array.isArray(body)) return;
      const next: FieldErrors<Name> = {};
      for (const raw of body) {
        const item = zErrorItem.safeParse(raw);
        if (!item.success || !item.data.field || !(item.data.field in initial)) continue;
        next[item.data.field as Name] = describeErrorItem(item.data);
      }
      setServerErrors(next);
      setTouched((current) => ({
        ...current,
        ...Object.fromEntries(Object.keys(next).map((k) => [k, true])),
      }));
    },
    [initial],
  );

  return { values, errors, valid, touched, setValue, touchAll, text, checkbox, applyServerItems };
}
