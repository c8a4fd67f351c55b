// OCR turns: pages of several users waiting for one Tesseract slot are read in turns, user by user.
import { describe, expect, it } from 'vitest';
import { createOcrTurns } from '../../../src/knowledge/extract/ocr/ocr-turns.js';

describe('OCR turns', () => {
  it('lets a user with one page go before the rest of another user’s long scan', async () => {
    const turns = createOcrTurns(1);
    const order: string[] = [];
    const page = async (userId: string, label: string) => {
      const giveBack = await turns.take(userId);
      order.push(label);
      await new Promise((resolve) => setTimeout(resolve, 5));
      giveBack();
    };

    await Promise.all([page('alice', 'a1'), page('alice', 'a2'), page('alice', 'a3'), page('bob', 'b1')]);

    expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('runs at most its number of slots at once and counts the pages that wait', async () => {
    const turns = createOcrTurns(2);

    const given = await Promise.all([turns.take('alice'), turns.take('bob')]);
    const waiting = turns.take('carol');
    const counts = turns.counts();
    given[0]!();
    await waiting;

    expect([counts, turns.counts()]).toEqual([
      { running: 2, waiting: 1 },
      { running: 2, waiting: 0 },
    ]);
  });
});
