import { defineSearchAttributeKey, SearchAttributeType, type SearchAttributePair } from '@temporalio/common';
import { SEARCH_ATTRIBUTES } from './constants';

/** Typed keys of the search attributes in constants.ts (Keyword, and a keyword list for steps). */
export const SEARCH_KEYS = {
  businessId: defineSearchAttributeKey(SEARCH_ATTRIBUTES.businessId, SearchAttributeType.KEYWORD),
  enduserId: defineSearchAttributeKey(SEARCH_ATTRIBUTES.enduserId, SearchAttributeType.KEYWORD),
  journeyId: defineSearchAttributeKey(SEARCH_ATTRIBUTES.journeyId, SearchAttributeType.KEYWORD),
  stepIds: defineSearchAttributeKey(SEARCH_ATTRIBUTES.stepIds, SearchAttributeType.KEYWORD_LIST),
};

/** The indexed value types to register: Keyword for ids, KeywordList for the steps taken. */
export const SEARCH_ATTRIBUTE_TYPES: Record<string, 'KEYWORD' | 'KEYWORD_LIST'> = {
  [SEARCH_ATTRIBUTES.businessId]: 'KEYWORD',
  [SEARCH_ATTRIBUTES.enduserId]: 'KEYWORD',
  [SEARCH_ATTRIBUTES.journeyId]: 'KEYWORD',
  [SEARCH_ATTRIBUTES.stepIds]: 'KEYWORD_LIST',
};

/** Who a run is about, for memo and (when registered) search attributes. */
export interface RunSubject {
  businessId: string;
  enduserId?: string;
  journeyId?: string;
}

export const memoFor = (subject: RunSubject) => ({ ...subject });

export const searchAttributesFor = (subject: RunSubject): SearchAttributePair[] => [
  { key: SEARCH_KEYS.businessId, value: subject.businessId },
  ...(subject.enduserId ? [{ key: SEARCH_KEYS.enduserId, value: subject.enduserId }] : []),
  ...(subject.journeyId ? [{ key: SEARCH_KEYS.journeyId, value: subject.journeyId }] : []),
];
