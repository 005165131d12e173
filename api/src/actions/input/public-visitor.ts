import { IsOptional, IsString, MaxLength } from 'class-validator';
import { validators } from '@carelane/db';
import { Optional } from './checked';
import { stringThen } from './first-check';
import { S } from './schemas';

/**
 * What a visitor of a public link (a booking page, a public form) may say about themselves beside
 * their email: the enduser found or created for them takes these. Each public session's input extends it.
 */
export class PublicVisitorFields {
  @Optional(stringThen('Invalid phone number', validators.phone), S.phone, { emptyIsAbsent: true })
  phone?: string;

  @Optional(stringThen('Invalid name', validators.name), S.name, { emptyIsAbsent: true })
  fname?: string;

  @Optional(stringThen('Invalid name', validators.name), S.name, { emptyIsAbsent: true })
  lname?: string;

  @IsOptional()
  @IsString({ message: 'Expecting non-empty string' })
  @MaxLength(100, { message: 'String must not exceed 100 characters' })
  dateOfBirth?: string;
}
