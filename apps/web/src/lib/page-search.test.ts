import { describe, expect, it } from 'vitest';
import { validatePageSearch } from './page-search';

describe('validatePageSearch', () => {
  it('keeps valid page numbers', () => {
    expect(validatePageSearch({ page: '3', pageSize: 20 })).toEqual({ page: 3, pageSize: 20 });
  });
  it('drops bad or out-of-range values', () => {
    expect(validatePageSearch({ page: '0', pageSize: '101' })).toEqual({});
    expect(validatePageSearch({ page: 'x', pageSize: 2.5 })).toEqual({});
    expect(validatePageSearch({})).toEqual({});
  });
});
