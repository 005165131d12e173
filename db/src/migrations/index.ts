import { Initial1795429317357 } from './1795429317357-Initial';
import { OutgoingMessages1795429664140 } from './1795429664140-OutgoingMessages';
import { AutomatedActionProgress1795429742263 } from './1795429742263-AutomatedActionProgress';
import { UserTerms1795437192037 } from './1795437192037-UserTerms';
import { PostLikeOncePerPerson1795438321030 } from './1795438321030-PostLikeOncePerPerson';
import { ChangeOutbox1795439139195 } from './1795439139195-ChangeOutbox';

/** Applied in order by openDataSource. */
export const MIGRATIONS: Function[] = [Initial1795429317357, OutgoingMessages1795429664140, AutomatedActionProgress1795429742263, UserTerms1795437192037, PostLikeOncePerPerson1795438321030, ChangeOutbox1795439139195];
