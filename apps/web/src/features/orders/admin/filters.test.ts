import { describe, expect, it } from 'vitest';
import { filtersFromParams, ordersOfLink, paramsFromFilters, serverFilters } from './filters';

const id = '0b6b7c1e-8a47-4c3e-9a49-0d5b2b0c9f11';

describe('All Orders filters in the URL', () => {
  it('round-trips every filter and keeps display names out of the server query', () => {
    const params = new URLSearchParams(`status=open&late=true&q=CR-10482&editorId=${id}&editor=Riya&page=3`);
    const f = filtersFromParams(params);
    expect(f).toEqual({
      status: 'open',
      late: true,
      q: 'CR-10482',
      editorId: id,
      editorName: 'Riya',
      creatorId: undefined,
      creatorName: undefined,
      page: 3,
    });
    expect(filtersFromParams(paramsFromFilters(f))).toEqual(f);
    expect(serverFilters(f)).not.toHaveProperty('editorName');
  });

  it('drops what the server would refuse', () => {
    expect(filtersFromParams(new URLSearchParams('status=lost&late=yes&editorId=12&page=-2'))).toEqual({
      status: undefined,
      late: undefined,
      q: undefined,
      editorId: undefined,
      editorName: undefined,
      creatorId: undefined,
      creatorName: undefined,
      page: 1,
    });
  });

  it('links to one creator’s orders', () => {
    expect(ordersOfLink('creator', id, 'maya')).toBe(
      `/admin/dashboard/all-orders?creatorId=${id}&creator=maya`,
    );
  });
});
