import { describe, expect, it } from 'vitest';
import { RenderBudget } from './render-budget';

describe('RenderBudget', () => {
  it("gives a visitor the plain page once their minute's renders are spent", () => {
    const budget = new RenderBudget({ perVisitorPerMinute: 3, atOnce: 10 });
    for (let i = 0; i < 3; i++) {
      expect(budget.take('203.0.113.7')).toBe(true);
      budget.done();
    }
    expect(budget.take('203.0.113.7')).toBe(false);
    // Another visitor is not held back by the first.
    expect(budget.take('198.51.100.2')).toBe(true);
  });

  it('renders only so many pages at once, and frees a place when one ends', () => {
    const budget = new RenderBudget({ perVisitorPerMinute: 100, atOnce: 2 });
    expect(budget.take('a')).toBe(true);
    expect(budget.take('b')).toBe(true);
    expect(budget.take('c')).toBe(false);
    budget.done();
    expect(budget.take('c')).toBe(true);
  });

  it('never counts below zero when done is called too often', () => {
    const budget = new RenderBudget({ perVisitorPerMinute: 100, atOnce: 1 });
    budget.done();
    budget.done();
    expect(budget.take('a')).toBe(true);
    expect(budget.take('b')).toBe(false);
  });
});
