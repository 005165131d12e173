import type { EnduserTagsAnswer } from '@carelane/automation';
import { callApi } from '../../api.server';
import type { TagInUse } from './tags';

/** The tags on the patients the staff member may read, most used first; none when the role may not read patients. */
export const tagsInUse = async (authToken: string): Promise<TagInUse[]> => {
  try {
    return (await callApi<EnduserTagsAnswer>('/v1/enduser-tags', { authToken })).tags;
  } catch {
    return [];
  }
};
