import { describe, expect, it } from 'vitest';
import { newEventId } from '../src/event-ids.ts';

describe('event ids', () => {
  it('look like every id and sort in the order they were made, many in one millisecond too', () => {
    const ids = Array.from({ length: 100_000 }, () => newEventId());
    for (const id of ids.slice(0, 10)) expect(id).toMatch(/^evt_[0-9a-f]{24}$/);
    // The first id out of order, if any (a diff of 100,000 ids would take minutes to print).
    expect(ids.findIndex((id, index) => index > 0 && id <= (ids[index - 1] as string))).toBe(-1);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
