/**
 * A reply without the history mail programs quote under it: everything from the first line that
 * opens a quotation ("On <date>, <name> wrote:", Outlook's "-----Original Message-----" or its
 * "From: ... Sent: ..." block, a line of underscores) and every line quoted with '>'. The mail
 * programs' own conventions, as Mailgun's stripped-text and GitHub's email_reply_parser read them.
 */
const QUOTE_HEADERS = [
  /^\s*On\b[\s\S]{0,300}?\bwrote:\s*$/m,
  /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/im,
  /^\s*_{10,}\s*$/m,
  /^\s*From:\s.*\n\s*(Sent|Date):\s/im,
  /^\s*Le\b[\s\S]{0,300}?\ba écrit\s*:\s*$/m,
  /^\s*Am\b[\s\S]{0,300}?\bschrieb\b.*:\s*$/m,
];

export const stripQuotedHistory = (text: string) => {
  let reply = text.replace(/\r\n/g, '\n');
  for (const header of QUOTE_HEADERS) {
    const match = header.exec(reply);
    if (match) reply = reply.slice(0, match.index);
  }
  return reply
    .split('\n')
    .filter((line) => !/^\s*>/.test(line))
    .join('\n')
    .trim();
};
