import type { Action } from '../action';
import { createAndJoinOrganization } from './create-and-join';
import { createSubOrganization } from './sub-organization';
import { organizationInfo, organizationTheme } from './theme';

/** Organizations: the portal's theme and info, sub-organizations, creating one and joining it. */
export const ORGANIZATIONS_ACTIONS: Action[] = [organizationTheme, organizationInfo, createSubOrganization, createAndJoinOrganization];
