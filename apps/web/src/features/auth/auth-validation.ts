import { EMAIL_PATTERN, isBusinessEmail, RESET_PASSWORD_MIN_LENGTH } from '@veracity/contracts/auth';

/** Validation texts of the auth forms (spec 01 §5), verbatim. */
export const VALIDATION_MESSAGES = {
  required: 'Required',
  invalid: 'Invalid',
  businessEmail: 'Please enter a valid business email',
  validEmail: 'A valid email is required',
  newPasswordRequired: 'Please write your new password',
  newPasswordTooShort: 'Password must be 6 at least characters length',
  confirmPasswordRequired: 'Please write your confirmation password',
  passwordsMustMatch: 'Passwords must match',
} as const;

export type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

/** The forgot-password form's "simple pattern": something@something.something. */
const SIMPLE_EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

const { required, invalid } = VALIDATION_MESSAGES;

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  const errors: FieldErrors<keyof LoginValues> = {};
  const email = values.email.trim();
  if (email === '') errors.email = required;
  else if (!EMAIL_PATTERN.test(email)) errors.email = invalid;
  if (values.password === '') errors.password = required;
  return errors;
}

export interface PreregisterValues {
  name: string;
  password: string;
  terms: boolean;
}

export function validatePreregister(values: PreregisterValues): FieldErrors<keyof PreregisterValues> {
  const errors: FieldErrors<keyof PreregisterValues> = {};
  if (values.name.trim() === '') errors.name = required;
  if (values.password === '') errors.password = required;
  if (!values.terms) errors.terms = required;
  return errors;
}

export interface SignupValues {
  email: string;
  firstName: string;
  companyName: string;
  /** Trial sign-up only; the plan form has none. */
  jobTitle: string;
  password: string;
  terms: boolean;
}

export function validateSignup(
  values: SignupValues,
  { withJobTitle }: { withJobTitle: boolean },
): FieldErrors<keyof SignupValues> {
  const errors: FieldErrors<keyof SignupValues> = {};
  const email = values.email.trim();
  if (email === '') errors.email = required;
  else if (!EMAIL_PATTERN.test(email)) errors.email = invalid;
  else if (!isBusinessEmail(email)) errors.email = VALIDATION_MESSAGES.businessEmail;
  if (values.firstName.trim() === '') errors.firstName = required;
  if (values.companyName.trim() === '') errors.companyName = required;
  if (withJobTitle && values.jobTitle.trim() === '') errors.jobTitle = required;
  if (values.password === '') errors.password = required;
  if (!values.terms) errors.terms = required;
  return errors;
}

export function validateForgotPassword(values: { email: string }): FieldErrors<'email'> {
  return SIMPLE_EMAIL_PATTERN.test(values.email.trim()) ? {} : { email: VALIDATION_MESSAGES.validEmail };
}

export interface ResetPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export function validateResetPassword(values: ResetPasswordValues): FieldErrors<keyof ResetPasswordValues> {
  const errors: FieldErrors<keyof ResetPasswordValues> = {};
  if (values.newPassword === '') errors.newPassword = VALIDATION_MESSAGES.newPasswordRequired;
  else if (values.newPassword.length < RESET_PASSWORD_MIN_LENGTH)
    errors.newPassword = VALIDATION_MESSAGES.newPasswordTooShort;
  if (values.confirmPassword === '') errors.confirmPassword = VALIDATION_MESSAGES.confirmPasswordRequired;
  else if (values.confirmPassword !== values.newPassword)
    errors.confirmPassword = VALIDATION_MESSAGES.passwordsMustMatch;
  return errors;
}
