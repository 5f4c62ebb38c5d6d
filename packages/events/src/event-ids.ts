import { randomHex } from '@platform/db';

let lastMillisecond = 0;
let counter = 0;
const MAX_COUNTER = 0xffff;

/**
 * An event id (`evt_` and 24 hex digits, like every id) that sorts in emission order within the
 * process: 48 bits of milliseconds, a 16-bit counter, 32 random bits. The events of one
 * transaction share `occurred_at` (the transaction's start), and the log's order is
 * `(occurred_at, id)`, so these ids keep a change's events in the order it emitted them
 * (`invoice.payment_recorded` before `invoice.paid`) for subscribers reading the log.
 */
export function newEventId(): string {
  const now = Date.now();
  if (now > lastMillisecond) {
    lastMillisecond = now;
    counter = 0;
  } else if (counter < MAX_COUNTER) {
    counter += 1;
  } else {
    // 65,536 ids in one millisecond: borrow the next one rather than repeat an order.
    lastMillisecond += 1;
    counter = 0;
  }
  return `evt_${lastMillisecond.toString(16).padStart(12, '0')}${counter.toString(16).padStart(4, '0')}${randomHex(4)}`;
}
