import type { Request } from 'express';
import type { DataSource } from 'typeorm';
import type { Caller } from '../auth/caller';
import type { ApiConfig } from '../config';
import type { ResourceEngine } from '@carelane/engine';
import type { AutomationClient } from '../automation/automation-client';
import type { LoginThrottle } from '../auth/rate-limit';
import type { Mailer } from '../messaging';
import type { FileStorage } from '@carelane/activities/channels/storage';
import type { Messaging } from '../hooks';
import type { InputClass } from './input';
import type { RequestFence } from '../auth/account-cache';
import type { ListPageCache } from './lists/list-page-cache';

/** What a named call may use. Named calls reach the database through the engine or tenant-scoped queries. */
export interface Services {
  config: ApiConfig;
  dataSource: DataSource;
  engine: ResourceEngine;
  automations: AutomationClient;
  /** Outgoing mail (database outbox, or SMTP when configured). */
  mailer: Mailer;
  /** Rate limits for login, begin-login and password reset. */
  throttle: LoginThrottle;
  /** Where uploaded files live (local disk, or S3 when configured). */
  storage: FileStorage;
  /** Email and SMS channels and the message scheduler. */
  messaging: Messaging;
  /** The staff patient list's pages kept between requests (lists/list-page-cache.ts). */
  listPages: ListPageCache;
}

export type ActionAuth = 'public' | 'user' | 'enduser' | 'any';

export interface ActionContext<A extends ActionAuth> {
  services: Services;
  caller: A extends 'public' ? Caller | undefined : A extends 'user' ? Extract<Caller, { type: 'user' }> : A extends 'enduser' ? Extract<Caller, { type: 'enduser' }> : Caller;
  req: Request;
  /**
   * A read-only call's speculative fence (speculative-reads.ts): what the call serves from a cache of
   * its own it registers here, and nothing is answered until the fence confirms it. Absent when the
   * call is identified again after a change, or is not read-only.
   */
  readFence?: RequestFence;
}

/**
 * One named call: method, path (without /v1: the router serves both readings), who may call it, its
 * input and its handler. The input class (class-validator) is the one place the call's body (or a
 * GET's query) is described: the router validates with it before the handler runs, and /openapi.json
 * documents it.
 */
export interface Action<A extends ActionAuth = ActionAuth, I extends object = Record<string, unknown>> {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  auth: A;
  /** Also open to a public form session's token (which may do nothing else). */
  formSession?: boolean;
  /** The body (for a GET, the query string); NoInput when the call reads neither. */
  input: InputClass<I>;
  /** Checks that come before the input's (the role matrix ...), so a caller without access hears the same 403 whatever it sends. */
  authorize?: (context: ActionContext<A>) => void | Promise<void>;
  handler: (context: ActionContext<A>, input: I) => Promise<unknown>;
  /**
   * The call only reads (no write, no message, no side effect of any kind), so its answer may be
   * computed while the token check's fence round trip is in flight and computed again should the
   * caller's account or roles turn out changed (speculative-reads.ts).
   */
  readOnly?: true;
}

export const defineAction = <A extends ActionAuth, I extends object>(action: Action<A, I>) => action as unknown as Action;

/** A named call's answer that sends the browser elsewhere (an OAuth2 callback going on to the portal). */
export class RedirectAnswer {
  constructor(readonly location: string) {}
}

/** A named call's answer that is a file (an .ics download ...) rather than JSON. */
export class FileAnswer {
  constructor(
    readonly contentType: string,
    readonly filename: string,
    readonly body: string | Buffer,
  ) {}
}

/**
 * A named call's answer that is JSON text already (the engine's getSomeJson, built by PostgreSQL in
 * the read itself): sent as it is, not parsed and serialized again.
 */
export class JsonAnswer {
  constructor(readonly text: string) {}
}
