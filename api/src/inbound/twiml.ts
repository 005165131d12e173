/** Twilio's answer to an incoming text: TwiML whose <Message> elements Twilio sends back to the sender. */
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

export const twiml = (replies: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${replies.map((reply) => `<Message>${escapeXml(reply)}</Message>`).join('')}</Response>`;
