import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  catalogueFromParams,
  catalogueRequest,
  paramsFromCatalogue,
} from './catalogue-params';

const read = (search: string) => catalogueFromParams(new URLSearchParams(search));

describe('catalogue URL', () => {
  it('reads a shared URL and writes it back the same, defaults left out', () => {
    const c = read('q=wedding&sort=fastest&minPrice=500&maxPrice=2000&tier=intermediate&tags=reels,drone');
    expect(c).toEqual({
      q: 'wedding',
      sort: 'fastest',
      minPrice: '500',
      maxPrice: '2000',
      tier: 'intermediate',
      tags: ['reels', 'drone'],
    });
    expect(decodeURIComponent(paramsFromCatalogue(c).toString())).toBe(
      'q=wedding&sort=fastest&minPrice=500&maxPrice=2000&tier=intermediate&tags=reels,drone',
    );
    expect(paramsFromCatalogue(read('sort=recommended')).toString()).toBe('');
  });

  it('drops what a link got wrong instead of failing: unknown sort or tier, duplicate or extra tags', () => {
    const c = read('sort=cheapest&tier=gold&tags=A, a ,b,c,d,e,f');
    expect(c.sort).toBe('recommended');
    expect(c.tier).toBe('');
    expect(c.tags).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(activeFilterCount(c)).toBe(5);
  });

  it('reads the filter form as submitted without JavaScript: empty fields, tags in two fields', () => {
    const c = read('q=&sort=price&minPrice=&maxPrice=&tier=pro&tags=reels,drone&tags=Wedding, reels');
    expect(c).toEqual({
      q: '',
      sort: 'price',
      minPrice: '',
      maxPrice: '',
      tier: 'pro',
      tags: ['reels', 'drone', 'wedding'],
    });
    expect(decodeURIComponent(paramsFromCatalogue(c).toString())).toBe(
      'sort=price&tier=pro&tags=reels,drone,wedding',
    );
  });

  it('validates prices with the server’s rules and names the problem', () => {
    expect(catalogueRequest(read('minPrice=500&maxPrice=2000'))).toEqual({
      ok: true,
      filters: { sort: 'recommended', minPrice: 500, maxPrice: 2000, tier: undefined, tags: [] },
    });
    expect(catalogueRequest(read('minPrice=3000&maxPrice=2000'))).toEqual({
      ok: false,
      priceError: 'The lowest price cannot be above the highest',
    });
    expect(catalogueRequest(read('maxPrice=12.5'))).toEqual({
      ok: false,
      priceError: 'Highest price must be whole rupees',
    });
    expect(catalogueRequest(read('minPrice=-1'))).toEqual({
      ok: false,
      priceError: 'Lowest price cannot be negative',
    });
  });
});
