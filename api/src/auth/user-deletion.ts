// The rule lives in @carelane/engine, beside the access checks that apply it.
export { assertUserMayBeDeleted, USER_DELETION_MESSAGES } from '@carelane/engine';
