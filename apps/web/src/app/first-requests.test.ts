import { describe, expect, it } from 'vitest';
import { firstRequests } from './first-requests';

describe('the first screen asks for its data at start-up', () => {
  it('explore: the chip in the address, trending by default', () => {
    expect(firstRequests('/explore', '', false)).toEqual([
      '/api/articles/getlatesttrendingarticles',
    ]);
    expect(firstRequests('/explore', '?category=all', false)).toEqual([
      '/api/articles/getlatestarticles',
    ]);
    expect(firstRequests('/explore', '?category=science', false)).toEqual([
      '/api/articles/getarticlebykeyword?keyword=science',
    ]);
    expect(firstRequests('/explore', '?category=nonsense', false)).toEqual([
      '/api/articles/getlatesttrendingarticles',
    ]);
  });

  it('search: the trimmed query, encoded as the API client encodes it; nothing without one', () => {
    expect(firstRequests('/search', '?q=%20climate%20change%20', false)).toEqual([
      '/api/articles/getarticlebykeyword?keyword=climate+change',
    ]);
    expect(firstRequests('/search', '?q=', false)).toEqual([]);
  });

  it("a reader's pages only for a reader; the reader's own state waits for the list", () => {
    expect(firstRequests('/home', '', false)).toEqual([]);
    expect(firstRequests('/saved', '', false)).toEqual([]);
    expect(firstRequests('/home', '', true)).toEqual(['/api/recommendations/get']);
    expect(firstRequests('/saved', '', true)).toEqual(['/api/articles/getsavedarticles?limit=30']);
    expect(firstRequests('/explore', '', true)).toEqual([
      '/api/articles/getlatesttrendingarticles',
    ]);
  });

  it('nothing for screens without a list', () => {
    for (const path of ['/', '/login', '/profile', '/article/abc', '/preferences']) {
      expect(firstRequests(path, '', true), path).toEqual([]);
    }
  });
});
