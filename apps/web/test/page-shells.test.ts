import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ArticleCardSkeleton } from '@/features/articles/components/article-card';
import { StorySkeleton } from '@/features/stories/components/story-skeleton';
import { pageShell } from '../build/page-shells';

/** Every class attribute of `html`, in order: the shape the markup draws. */
const classes = (html: string) =>
  [...html.matchAll(/class="([^"]*)"/g)].map((match) => match[1]).join(' | ');

const LISTS = ['explore', 'search', 'saved', 'home'];

describe('the skeleton a list or story page starts with (pages/<name>.html)', () => {
  it("draws the screens' own skeletons, class for class", () => {
    const card = classes(renderToStaticMarkup(createElement(ArticleCardSkeleton)));
    for (const name of LISTS) expect(classes(pageShell(name)!), name).toContain(card);
    const story = classes(renderToStaticMarkup(createElement(StorySkeleton)));
    expect(classes(pageShell('story')!)).toContain(story);
  });

  it('is hidden from assistive technology and inert, and is not the page loader', () => {
    for (const name of [...LISTS, 'story']) {
      const shell = pageShell(name)!;
      expect(shell, name).toMatch(/^<div class="[^"]*" aria-hidden="true" inert>/);
      expect(shell, name).not.toContain('Loading');
      // Something to paint beside the skeleton: the logo's name.
      expect(shell, name).toContain('<span>Lede</span>');
    }
  });

  it('leaves the other screens an empty root', () => {
    for (const name of ['login', 'signup', 'profile', 'preferences', 'article', 'not-found']) {
      expect(pageShell(name), name).toBeUndefined();
    }
  });
});
