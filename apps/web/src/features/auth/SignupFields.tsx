import { SIGNUP_PASSWORD_MIN_LENGTH } from '@veracity/contracts/auth';
import { Input } from '../../components/Input/Input';
import type { SignupValues } from './auth-validation';
import { TermsField } from './TermsField';
import type { useAuthForm } from './use-auth-form';

export const EMPTY_SIGNUP: SignupValues = {
  email: '',
  firstName: '',
  companyName: '',
  jobTitle: '',
  password: '',
  terms: false,
};

type SignupForm = ReturnType<typeof useAuthForm<SignupValues>>;

/** The fields of both sign-up forms; the plan form has no job title (spec 01 §2). */
export function SignupFields({ form, withJobTitle }: { form: SignupForm; withJobTitle: boolean }) {
  return (
    <>
      <Input
        label="Business e-mail"
        type="email"
        autoComplete="email"
        data-testid="signup-email"
        {...form.text('email')}
      />
      <Input
        label="First name"
        autoComplete="given-name"
        data-testid="signup-first-name"
        {...form.text('firstName')}
      />
      <Input
        label="Company name"
        autoComplete="organization"
        data-testid="signup-company-name"
        {...form.text('companyName')}
      />
      {withJobTitle ? (
        <Input
          label="Job title"
          autoComplete="organization-title"
          data-testid="signup-job-title"
          {...form.text('jobTitle')}
        />
      ) : null}
      <Input
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${SIGNUP_PASSWORD_MIN_LENGTH} characters.`}
        data-testid="signup-password"
        {...form.text('password')}
      />
      <TermsField testId="signup-terms" {...form.checkbox('terms')} />
    </>
  );
}

/** The sign-up body from the form (spec 01 §3), trimmed. */
export function signupFields(values: SignupValues) {
  return {
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    companyName: values.companyName.trim(),
    password: values.password,
    terms: true as const,
  };
}
