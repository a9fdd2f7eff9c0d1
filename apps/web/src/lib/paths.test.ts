import { PAGE_PATHS, isPagePath } from '@lede/shared/constants';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths, STORY_REPORT_PARAM } from './paths';

describe('the app paths', () => {
  it('name every page the router mounts, and only those', () => {
    expect(Object.keys(paths).sort()).toEqual(Object.keys(PAGE_PATHS).sort());
    const built = [
      paths.landing(),
      paths.explore(),
      paths.explore('science'),
      paths.search('climate change'),
      paths.article('a1'),
      paths.story('s1', { report: 'a2' }),
      paths.login(),
      paths.signup(),
      paths.forgotPassword(),
      paths.home(),
      paths.profile(),
      paths.saved(),
      paths.preferences(),
    ];
    for (const path of built) expect(isPagePath(path.split('?')[0]!), path).toBe(true);
  });

  it('put an id into its segment, encoded, matched by its page', () => {
    expect(paths.article('a b/c')).toBe('/article/a%20b%2Fc');
    expect(matchPath(PAGE_PATHS.article, paths.article('64f0c2'))?.params.id).toBe('64f0c2');
    expect(paths.story('s1')).toBe('/story/s1');
  });

  it('carry their query: a chip, a search, the report a story was opened from', () => {
    expect(paths.explore()).toBe('/explore');
    expect(paths.explore('food')).toBe('/explore?category=food');
    expect(paths.search('rock & roll')).toBe('/search?q=rock%20%26%20roll');
    const story = new URL(paths.story('s1', { report: 'a&2' }), 'http://x');
    expect(story.searchParams.get(STORY_REPORT_PARAM)).toBe('a&2');
  });
});
