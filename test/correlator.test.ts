/** The sandbox's one request/response correlator (src/sandbox/correlator.ts): ids, replies, and what is dropped. */
import { describe, expect, it } from 'vitest';
import { createCorrelator } from '../src/sandbox/correlator.ts';

describe('createCorrelator', () => {
  it('answers each request by the id it was posted under, in any order', async () => {
    const c = createCorrelator<string>();
    const posted: number[] = [];
    const first = c.ask((id) => posted.push(id));
    const second = c.ask((id) => posted.push(id));
    expect(posted).toEqual([1, 2]);
    expect(c.resolve(2, 'two')).toBe(true);
    expect(c.resolve(1, 'one')).toBe(true);
    expect(await Promise.all([first, second])).toEqual(['one', 'two']);
  });

  it('drops a reply for an id answered already or never asked', () => {
    const c = createCorrelator<string>();
    const { id } = c.open();
    expect(c.waiting(id)).toBe(true);
    expect(c.resolve(id, 'x')).toBe(true);
    expect(c.waiting(id)).toBe(false);
    expect(c.resolve(id, 'again')).toBe(false);
    expect(c.reject(99, new Error('forged'))).toBe(false);
  });

  it('rejects a request whose post threw, and keeps nothing for it', async () => {
    const c = createCorrelator<string>();
    let asked = 0;
    const answer = c.ask((id) => {
      asked = id;
      throw new Error('could not be cloned');
    });
    await expect(answer).rejects.toThrow('could not be cloned');
    expect(c.waiting(asked)).toBe(false);
  });

  it('settles every waiting request at once, and none asked after', async () => {
    const c = createCorrelator<string>();
    const a = c.ask(() => undefined);
    const b = c.ask(() => undefined);
    c.rejectAll(new Error('the realm was ended'));
    await expect(a).rejects.toThrow('the realm was ended');
    await expect(b).rejects.toThrow('the realm was ended');
    const later = c.open();
    c.resolveAll('stale');
    expect(await later.answer).toBe('stale');
    expect(later.id).toBe(3);
  });
});
