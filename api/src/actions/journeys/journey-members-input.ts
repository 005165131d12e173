import { ArrayMaxSize, IsArray, IsMongoId } from 'class-validator';

/** Which endusers (up to 1000) and which journey: what adding to and removing from a journey both take. */
export class JourneyMembersInput {
  @IsArray({ message: 'Expecting a list' })
  @ArrayMaxSize(1000, { message: 'Arrays should not contain more than 1000 elements' })
  @IsMongoId({ each: true, message: 'Invalid id' })
  enduserIds!: string[];

  @IsMongoId({ message: 'Invalid id' })
  journeyId!: string;
}
