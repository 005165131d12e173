import { Initial1795429317357 } from './1795429317357-Initial';
import { OutgoingMessages1795429664140 } from './1795429664140-OutgoingMessages';
import { AutomatedActionProgress1795429742263 } from './1795429742263-AutomatedActionProgress';
import { UserTerms1795437192037 } from './1795437192037-UserTerms';
import { PostLikeOncePerPerson1795438321030 } from './1795438321030-PostLikeOncePerPerson';
import { ChangeOutbox1795439139195 } from './1795439139195-ChangeOutbox';
import { AccountChangeNotify1795440000000 } from './1795440000000-AccountChangeNotify';
import { UsedNonces1795561037525 } from './1795561037525-UsedNonces';
import { EnduserAttendeeLimit1795562000000 } from './1795562000000-EnduserAttendeeLimit';
import { EnduserUnsubscribedFromMarketing1795563859772 } from './1795563859772-EnduserUnsubscribedFromMarketing';
import { ChatSendAt1795563886687 } from './1795563886687-ChatSendAt';
import { ConsumerSettingsNotify1795570000000 } from './1795570000000-ConsumerSettingsNotify';
import { EnduserMnameTriggerIds1795571212000 } from './1795571212000-EnduserMnameTriggerIds';
import { EmailIsMarketing1795571213000 } from './1795571213000-EmailIsMarketing';
import { ChatDeliveredTimestamp1795571214000 } from './1795571214000-ChatDeliveredTimestamp';
import { FormFieldGroupShowCondition1795572972010 } from './1795572972010-FormFieldGroupShowCondition';
import { ChangeOutboxOwner1795600000000 } from './1795600000000-ChangeOutboxOwner';
import { IntegrationConnectedBy1795882005629 } from './1795882005629-IntegrationConnectedBy';
import { IncomingMessages1795884208023 } from './1795884208023-IncomingMessages';
import { InboxClosures1795892898768 } from './1795892898768-InboxClosures';
import { AvailabilityBlockExceptions1795893000000 } from './1795893000000-AvailabilityBlockExceptions';
import { EmailAttachments1795894241516 } from './1795894241516-EmailAttachments';
import { Waitlist1795894661117 } from './1795894661117-Waitlist';
import { AutomationDecisions1795896000000 } from './1795896000000-AutomationDecisions';
import { SecondFactor1795904422617 } from './1795904422617-SecondFactor';
import { WebhookDeliveries1795904431188 } from './1795904431188-WebhookDeliveries';

/** Applied in order by openDataSource. */
export const MIGRATIONS: Function[] = [Initial1795429317357, OutgoingMessages1795429664140, AutomatedActionProgress1795429742263, UserTerms1795437192037, PostLikeOncePerPerson1795438321030, ChangeOutbox1795439139195, AccountChangeNotify1795440000000, UsedNonces1795561037525, EnduserAttendeeLimit1795562000000, EnduserUnsubscribedFromMarketing1795563859772, ChatSendAt1795563886687, ConsumerSettingsNotify1795570000000, EnduserMnameTriggerIds1795571212000, EmailIsMarketing1795571213000, ChatDeliveredTimestamp1795571214000, FormFieldGroupShowCondition1795572972010, ChangeOutboxOwner1795600000000, IntegrationConnectedBy1795882005629, IncomingMessages1795884208023, InboxClosures1795892898768, AvailabilityBlockExceptions1795893000000, EmailAttachments1795894241516, Waitlist1795894661117, AutomationDecisions1795896000000, SecondFactor1795904422617, WebhookDeliveries1795904431188];
