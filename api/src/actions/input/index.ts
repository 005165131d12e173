export { CheckedByHandler, Optional, Required } from './checked';
export { emailThen, stringThen } from './first-check';
export { inputSchema, type InputClass, type JsonSchema } from './json-schema';
export { NoInput } from './no-input';
export { RefuseUnknownFields } from './refuse-unknown';
export { S } from './schemas';
