import { validators } from '@carelane/db';
import { Optional, S } from '../input';

const MAX_TOKEN_SECONDS = 30 * 24 * 60 * 60;

/** id / externalId / email / phone / durationInSeconds of a query string or body, normalised ('' is absent). */
export class AccountIdentifiersInput {
  @Optional(validators.number(1, MAX_TOKEN_SECONDS), S.number(1, MAX_TOKEN_SECONDS), { emptyIsAbsent: true })
  durationInSeconds?: number;

  @Optional(validators.id, S.id, { emptyIsAbsent: true })
  id?: string;

  @Optional(validators.string(250), S.string(250), { emptyIsAbsent: true })
  externalId?: string;

  @Optional(validators.email, S.email, { emptyIsAbsent: true })
  email?: string;

  @Optional(validators.phone, S.phone, { emptyIsAbsent: true })
  phone?: string;
}
