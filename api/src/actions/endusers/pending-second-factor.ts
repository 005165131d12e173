import { requiresSecondFactor } from '../../auth/mfa-challenge';
import { deviceRemembered } from '../../auth/mfa-device';
import { issueMfaPendingToken } from '../../auth/tokens';
import type { Services } from '../action';
import { enduserSessionInfo } from './enduser-session';

/**
 * The answer to a first factor (a password, or a login link) when the patient must still give a code:
 * an MFA-pending token and `requiresMFA`; undefined when no code is needed (none asked for, or this
 * device was remembered after an earlier code: docs/contract/access.md#second-factor).
 */
export const pendingSecondFactor = async (services: Services, row: Record<string, unknown>, deviceToken?: string) => {
  if (!(await requiresSecondFactor(services, 'enduser', row))) return undefined;
  if (deviceToken && deviceRemembered(services.config.jwtSecret, row, deviceToken)) return undefined;
  return { authToken: issueMfaPendingToken(services.config, 'enduser', row), enduser: { ...enduserSessionInfo(row), requiresMFA: true } };
};
