/**
 * The bare baseline of bench/crud as its own process: express and node-postgres running the same
 * queries as the api's getOne, getSome and createOne of an enduser (scoped to the business, newest
 * first), with nothing else (no token, no access rules, no events). bench:scale asks it for its bare
 * list query too (GET /endusers-by-tag), to show what HTTP alone adds to that query. Reads
 * DATABASE_URL and BUSINESS_ID, listens on an ephemeral port and prints `bare: listening on <port>`.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Pool } from 'pg';
import { newId } from '@carelane/db';
import { BARE_LIST_SQL } from '../scale/bare-list';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const businessId = process.env.BUSINESS_ID;

const app = express();
app.use(express.json());
app.get('/enduser/:id', async (req, res) => {
  const { rows } = await pool.query('SELECT * FROM endusers WHERE "businessId" = $1 AND _id = $2', [businessId, req.params.id]);
  res.json(rows[0]);
});
app.get('/endusers', async (_req, res) => {
  const { rows } = await pool.query('SELECT * FROM endusers WHERE "businessId" = $1 ORDER BY _id DESC LIMIT 500', [businessId]);
  res.json(rows);
});
app.get('/endusers-by-tag', async (req, res) => {
  const { rows } = await pool.query(BARE_LIST_SQL, [businessId, JSON.stringify([String(req.query.tag ?? '')])]);
  res.json(rows);
});
app.post('/enduser', async (req, res) => {
  const now = new Date();
  const { rows } = await pool.query(
    `INSERT INTO endusers (_id, "businessId", fname, "organizationIds", "sharedWithOrganizations", "createdAt", "updatedAt")
     VALUES ($1, $2, $3, '{}', '{}', $4, $4) RETURNING *`,
    [newId(), businessId, String(req.body?.fname ?? ''), now],
  );
  res.json(rows[0]);
});
const server = app.listen(0, '127.0.0.1', () => console.log(`bare: listening on ${(server.address() as AddressInfo).port}`));
process.once('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
