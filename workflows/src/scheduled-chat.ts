import { condition, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import type { ChatActivities, ScheduledChatInput } from '@carelane/activities/chat-activities';

export interface ScheduledChatWorkflowInput extends ScheduledChatInput {
  /** When to send, in milliseconds since the epoch. */
  sendAt: number;
}

/** The chat's sendAt moved to another time ahead (the api's update); milliseconds since the epoch. */
export const chatSendAtChanged = defineSignal<[number]>('chatSendAtChanged');

const { releaseScheduledChat } = proxyActivities<ChatActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 20 },
});

/**
 * A chat with a sendAt ahead: a durable timer until then (it survives worker and server restarts),
 * then one idempotent release. A moved sendAt restarts the wait; the record has the last word (the
 * activity answers 'later' if it was moved without the signal arriving).
 */
export async function scheduledChatWorkflow(input: ScheduledChatWorkflowInput): Promise<{ status: string }> {
  let sendAt = input.sendAt;
  setHandler(chatSendAtChanged, (next) => {
    sendAt = next;
  });
  for (;;) {
    const waitingFor = sendAt;
    const wait = waitingFor - Date.now();
    if (wait > 0 && (await condition(() => sendAt !== waitingFor, wait))) continue;
    const result = await releaseScheduledChat({ businessId: input.businessId, id: input.id });
    if (result.status === 'later' && result.sendAt > Date.now()) {
      sendAt = result.sendAt;
      continue;
    }
    return { status: result.status };
  }
}
