import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeRequest {
  method: string;
  path: string;
  /** The form-encoded body as flat keys (metadata[enduserId] ...). */
  body: Record<string, string>;
  stripeAccount?: string;
  authorization?: string;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
};

/**
 * A local HTTP server answering the few Stripe API calls the api makes (accounts, account links,
 * customers, payment intents) the way Stripe does, recording each request for assertions.
 */
export const startStripeStandIn = async () => {
  const requests: StripeRequest[] = [];
  let counter = 0;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? '').split('?')[0];
    requests.push({ method: req.method ?? '', path, body, stripeAccount: req.headers['stripe-account'] as string | undefined, authorization: req.headers.authorization });
    counter += 1;
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${counter}` });
      res.end(JSON.stringify(json));
    };
    if (req.method === 'POST' && path === '/v1/accounts') return answer(200, { id: `acct_test${counter}`, object: 'account', type: body.type, country: body.country });
    if (req.method === 'POST' && path === '/v1/account_links') {
      return answer(200, { object: 'account_link', url: `https://connect.stripe.test/setup/${body.account}`, created: 1, expires_at: 2 });
    }
    if (req.method === 'POST' && path === '/v1/customers') return answer(200, { id: `cus_test${counter}`, object: 'customer' });
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_test${counter}`;
      return answer(200, { id, object: 'payment_intent', amount: Number(body.amount), currency: body.currency, client_secret: `${id}_secret_abc`, status: 'requires_payment_method' });
    }
    answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
