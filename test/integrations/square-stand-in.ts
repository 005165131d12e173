import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

const readJson = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
};

/**
 * A local server answering like Square's API for the calls the checkout and webhook make: locations,
 * Checkout API payment links (which create an order, metadata kept) and orders by id. Bearer tokens
 * checked by `acceptToken`; every request recorded.
 */
export const startSquareStandIn = async (acceptToken: (token: string) => boolean) => {
  const requests: { method: string; path: string; version?: string; body: Record<string, unknown> }[] = [];
  const orders = new Map<string, Record<string, unknown>>();
  let serial = 0;
  const server = createServer(async (req, res) => {
    const body = await readJson(req);
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? '', path, version: req.headers['square-version'] as string | undefined, body });
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !acceptToken(token)) return answer(401, { errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'This request could not be authorized.' }] });
    if (req.method === 'GET' && path === '/v2/locations') {
      return answer(200, {
        locations: [
          { id: 'LOC_CLOSED', status: 'INACTIVE', capabilities: ['CREDIT_CARD_PROCESSING'] },
          { id: 'LOC_MAIN', status: 'ACTIVE', capabilities: ['CREDIT_CARD_PROCESSING'] },
        ],
      });
    }
    if (req.method === 'POST' && path === '/v2/online-checkout/payment-links') {
      const order = body.order as Record<string, unknown> | undefined;
      if (!body.idempotency_key || !order?.location_id) return answer(400, { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'MISSING_REQUIRED_PARAMETER', detail: 'Missing idempotency_key or order.location_id' }] });
      serial += 1;
      const orderId = `ORDER_${serial}_${Math.random().toString(36).slice(2, 8)}`;
      orders.set(orderId, { id: orderId, ...order, state: 'OPEN' });
      const id = `LINK_${serial}`;
      return answer(200, { payment_link: { id, version: 1, order_id: orderId, url: `https://square.link/u/${id}`, created_at: new Date().toISOString() } });
    }
    const orderPath = /^\/v2\/orders\/([^/?]+)$/.exec(path);
    if (req.method === 'GET' && orderPath) {
      const order = orders.get(decodeURIComponent(orderPath[1]));
      return order ? answer(200, { order }) : answer(404, { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Order not found' }] });
    }
    answer(404, { errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: `No route ${path}` }] });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    orders,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
