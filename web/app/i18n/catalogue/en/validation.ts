/**
 * The portal's form rules' messages (web/app/validation.ts), the same in the browser and the route
 * actions: docs/contract/portal.md#login, #register, #settings and validation.md#portal-forms.
 */
export default {
  email: 'Enter a valid email',
  password: 'Enter a password',
  passwordMin: 'Must be at least 8 characters',
  passwordMax: 'Must be at most 100 characters',
  lowercase: 'Must contain a lowercase letter',
  uppercase: 'Must contain an uppercase letter',
  numberOrSpecial: 'Must contain a number or special character',
  terms: 'You must agree to the Terms of Service and Privacy Policy',
  fname: 'First name is required',
  lname: 'Last name is required',
  phone: 'Enter a valid phone number',
  mixedCase: 'Must contain both uppercase and lowercase letters',
  lettersAndNumbers: 'Must contain both letters and numbers',
} as const;
