type Row = Record<string, unknown>;

/**
 * What an appointment copies from its type (calendar_event_templates) when it is made: by a patient
 * booking (book-appointment), by staff (schedule-appointment) or by a claimed waitlist offer.
 */
export const fieldsFromTemplate = (template: Row): Row => ({
  title: template.title,
  displayTitle: template.displayTitle,
  description: template.description,
  displayDescription: template.displayDescription,
  type: template.type,
  color: template.color,
  image: template.image,
  instructions: template.instructions,
  portalSettings: template.portalSettings,
  enableVideoCall: template.enableVideoCall,
  videoIntegration: template.videoIntegration,
});
