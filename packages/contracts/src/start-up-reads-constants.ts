// The start-up's reads in one request (decision 0381), zod-free: the page's start-up script (inlined in every page)
// builds the request and reads the reply with these alone. start-up-reads.ts builds the schemas from them.

/** GET: the start-up's reads, each a `url` query parameter, answered together. */
export const START_UP_READS_PATH = '/api/start-up-reads';
/** At most this many reads in one request (the start-up script keeps at most this many per address). */
export const MAX_START_UP_READS = 8;
/** The reads it refuses: itself, and the change stream (an answer that never ends). */
export const NOT_A_START_UP_READ = /^\/api\/(start-up-reads|sync\/events)(\/|\?|$)/;

/** One read's answer as the server gave it: its status, its content type and its body's text. */
export interface StartUpReply {
  url: string;
  status: number;
  type: string;
  body: string;
}
