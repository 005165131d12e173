/** docs/contract/portal.md#form-filling: the thanks message of a form that sets none (the portal and the builder's preview). */
export const DEFAULT_THANKS = 'Your response was successfully recorded';
