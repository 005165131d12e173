/**
 * The start option every workflow of a business carries: the business as Temporal's fairness key.
 * Tasks of one key are taken in order, and keys take turns, so a clinic's burst (a campaign adding a
 * thousand endusers to a journey, a bulk update firing a trigger for each) waits behind its own work
 * only, never holding back another clinic's reminders and triggers. Activities and child workflows
 * inherit it. A Temporal server without fairness enabled ignores it (see README, "Temporal").
 */
export const businessPriority = (businessId: string) => ({ priority: { fairnessKey: businessId } });
