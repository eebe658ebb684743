import { categoryReplySchema } from '@kalinga/contracts/categories';
import { customerReplySchema, itemReplySchema, loanActionReplySchema, loanReplySchema } from '@kalinga/contracts/lending/schemas';
import { syncPushReplySchema, syncPushSchema, type SyncPush } from '@kalinga/contracts/sync';
import type { z } from 'zod';
import { callFor } from '../offline/operations';
import { serverCategory, serverCustomer, serverItem, serverLoan, serverTransaction } from './lending-fixtures';

// The server at the fetch edge for the queue's tests: answers the 13 sync-queue calls (contracts' lending-operations.ts) with
// replies shaped and checked by the contracts, keyed like the real one (a repeated Idempotency-Key gets the
// first reply again), and records every request it saw. The batch push (POST /api/sync/push) is answered by
// dispatching each mutation to the same single-route handlers, so a test sees the calls whatever the transport.

export interface SeenRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  key: string | null;
  /** The branch the call was sent at: a batch mutation's own, else the request's header (decision 0322). */
  branch: string | null;
}

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
type Handler = (req: SeenRequest) => Reply;

let nextId = 100;
const id = () => nextId++;

function checked<S extends z.ZodType>(schema: S, body: z.infer<S>, status = 200): Reply {
  return { status, body: schema.parse(body) };
}

const uuidAt = (path: string) => decodeURIComponent(path.split('/')[3] ?? '');

/** Default answers per call, computed from the request the way the server would. */
const ROUTES: [string, RegExp, Handler][] = [
  ['POST', /^\/api\/customers$/, ({ body }) => checked(customerReplySchema, { data: serverCustomer({ ...body, id: id(), uuid: String(body.uuid) } as never) }, 201)],
  ['PUT', /^\/api\/customers\/[^/]+$/, ({ path, body }) => checked(customerReplySchema, { data: serverCustomer({ ...body, uuid: uuidAt(path) } as never) })],
  ['POST', /^\/api\/loans$/, ({ body }) => {
    const uuid = String(body.uuid);
    const items = (body.items as Record<string, unknown>[]).map((i) => serverItem({ ...i, id: id(), loan_uuid: uuid, category_uuid: String(i.category_uuid ?? body.category_uuid) } as never));
    const n = id();
    // The server lists items newest first: a client matching by position or description would mix them up.
    return checked(loanReplySchema, { data: serverLoan({ uuid, id: n, pawn_ticket_number: `PT-2026-${String(n).padStart(6, '0')}`, loan_date: String(body.loan_date), loan_amount: Number(body.loan_amount), items: items.reverse() }) }, 201);
  }],
  ['PUT', /^\/api\/loans\/[^/]+$/, ({ path, body }) => checked(loanReplySchema, { data: serverLoan({ uuid: uuidAt(path), notes: (body.notes as string | null) ?? null }) })],
  ['POST', /^\/api\/loans\/[^/]+\/renew$/, ({ path, body }) => {
    const uuid = uuidAt(path);
    const newUuid = String(body.new_uuid);
    const old = serverLoan({ uuid, status: 'renewed', renewal_date: String(body.renewal_date), new_loan: newUuid, paid_interest_amount: 90, items: [] });
    const fresh = serverLoan({ uuid: newUuid, id: id(), pawn_ticket_number: 'PT-2026-000777', loan_date: String(body.renewal_date), renewed_from: uuid, amount_disbursed: 0, items: [serverItem({ loan_uuid: newUuid })] });
    return checked(loanActionReplySchema, { data: old, new_loan: fresh, transactions: [serverTransaction({ loan_uuid: uuid, type: 'interest', amount: 90 }), serverTransaction({ loan_uuid: newUuid, type: 'renewal', amount: 5 })] });
  }],
  ['POST', /^\/api\/loans\/[^/]+\/extend$/, ({ path, body }) => {
    const uuid = uuidAt(path);
    // The fixture's loan: 3,000 at 3 % to Dec 1, extended a month before maturity (decision 0189).
    const loan = serverLoan({ uuid, maturity_date: '2027-01-01', expiry_date: '2027-04-01', interest_from: String(body.from_maturity_date), extensions: 1, paid_interest_amount: 90 });
    return checked(loanActionReplySchema, { data: loan, new_loan: null, transactions: [serverTransaction({ loan_uuid: uuid, type: 'interest', amount: 90, action: 'extension', entry_date: String(body.extension_date) })] });
  }],
  ['POST', /^\/api\/loans\/[^/]+\/redeem$/, ({ path, body }) => {
    const uuid = uuidAt(path);
    const loan = serverLoan({ uuid, status: 'redeemed', redemption_date: String(body.redemption_date), paid_interest_amount: 90, items: [serverItem({ loan_uuid: uuid, status: 'redeemed' })] });
    return checked(loanActionReplySchema, { data: loan, new_loan: null, transactions: [serverTransaction({ loan_uuid: uuid, type: 'redemption', amount: 3000 }), serverTransaction({ loan_uuid: uuid, type: 'interest', amount: 90 })] });
  }],
  ['POST', /^\/api\/loans\/[^/]+\/forfeit$/, ({ path, body }) => {
    const uuid = uuidAt(path);
    const loan = serverLoan({ uuid, status: 'forfeited', forfeiture_date: String(body.forfeiture_date), items: [serverItem({ loan_uuid: uuid, status: 'forfeited' })] });
    return checked(loanActionReplySchema, { data: loan, new_loan: null, transactions: [] });
  }],
  ['POST', /^\/api\/items$/, ({ body }) => checked(itemReplySchema, { data: serverItem({ ...body, id: id(), uuid: String(body.uuid) } as never) }, 201)],
  ['PUT', /^\/api\/items\/[^/]+$/, ({ path, body }) => checked(itemReplySchema, { data: serverItem({ ...body, uuid: uuidAt(path) } as never) })],
  ['PUT', /^\/api\/items\/[^/]+\/process-forfeited$/, ({ path, body }) => checked(itemReplySchema, { data: serverItem({ uuid: uuidAt(path), status: 'for_sale', selling_price: Number(body.selling_price) }) })],
  ['POST', /^\/api\/items\/[^/]+\/mark-as-sold$/, ({ path, body }) => checked(itemReplySchema, { data: serverItem({ uuid: uuidAt(path), status: 'sold', final_selling_price: Number(body.final_selling_price), buyer_name: String(body.buyer_name), sold_at: String(body.sold_at) }) })],
  ['POST', /^\/api\/categories$/, ({ body }) => checked(categoryReplySchema, { data: serverCategory({ id: id(), uuid: String(body.uuid), title: String(body.title), image_path: body.image ? '/uploads/c.png' : null }) }, 201)],
  ['PUT', /^\/api\/categories\/[^/]+$/, ({ path, body }) => checked(categoryReplySchema, { data: serverCategory({ uuid: uuidAt(path), title: String(body.title) }) })],
];

type Answer = Reply | 'network' | 'lost-reply';

/** Answers that stand for the whole request, never for one mutation of a batch: no reply, a lost reply, 401, or a reply with headers (Retry-After). */
const wholeRequest = (answer: Answer | undefined) => answer !== undefined && (typeof answer === 'string' || answer.status === 401 || answer.headers !== undefined);

export function fakeLendingServer(fetchMock: { mockImplementation: (fn: typeof fetch) => unknown }) {
  const seen: SeenRequest[] = [];
  /** The batch requests (POST /api/sync/push) among them; their mutations are in `seen` as the calls they stand for. */
  const batches: SeenRequest[][] = [];
  const replayed = new Map<string, Reply>();
  /** One-off answers (status, network failures) taken before the default route. */
  const queued: Answer[] = [];

  /** One call as the single route answers it (a queued answer first, a repeated key replayed). */
  function answerCall(req: SeenRequest, next: Reply | undefined): Reply {
    seen.push(req);
    let reply = req.key ? replayed.get(req.key) : undefined;
    if (!reply && next) reply = next;
    if (!reply) {
      const route = ROUTES.find(([m, re]) => m === req.method && re.test(req.path));
      reply = route ? route[2](req) : { status: 404, body: { message: 'Not found.' } };
      if (req.key && reply.status < 300) replayed.set(req.key, reply);
    }
    return reply;
  }

  /** POST /api/sync/push: each mutation dispatched to its single route in order, each with its own result. */
  function answerBatch(body: SyncPush, branch: string | null): Reply {
    const calls = body.mutations.map((m): SeenRequest => {
      const call = callFor({ operation: m.operation, data: { ...m.body, uuid: m.uuid } });
      return { method: call.method, path: call.path, body: m.body, key: m.key, branch: m.branch_id === undefined ? branch : String(m.branch_id) };
    });
    batches.push(calls);
    const results = calls.map((req) => {
      const next = wholeRequest(queued[0]) ? undefined : (queued.shift() as Reply | undefined);
      const reply = answerCall(req, next);
      return { key: req.key!, status: reply.status, body: reply.body };
    });
    return checked(syncPushReplySchema, { results });
  }

  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init?.headers);
    const req: SeenRequest = { method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : {}, key: headers.get('Idempotency-Key'), branch: headers.get('X-Kalinga-Branch') };
    const isBatch = req.method === 'POST' && req.path === '/api/sync/push';
    const first = isBatch && !wholeRequest(queued[0]) ? undefined : queued.shift();
    if (first === 'network') {
      if (!isBatch) seen.push(req);
      throw new TypeError('Failed to fetch');
    }
    let reply: Reply;
    if (isBatch && (first === undefined || first === 'lost-reply')) reply = answerBatch(syncPushSchema.parse(req.body), req.branch);
    else if (isBatch) reply = first as Reply;
    else reply = answerCall(req, first === 'lost-reply' ? undefined : first);
    // The server committed, then the connection dropped before its reply arrived.
    if (first === 'lost-reply') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json', ...reply.headers } });
  });
  return {
    seen,
    batches,
    /**
     * The next call gets this instead (status reply, a network failure, or its reply lost after the commit). In a
     * batch a status reply answers the next mutation; no reply, a lost reply, a 401 and a reply with headers answer
     * the whole request.
     */
    answer(reply: Answer) {
      queued.push(reply);
    },
  };
}
