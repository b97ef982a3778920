// Reviews in the browser: the same markup as the page's built reviews (site ReviewItem.astro),
// built from API records with text nodes only.
import type { Review } from '../../core/registry-shapes.ts';
import { h } from './dom.ts';
import { formatDate, stars } from './format.ts';

/** The text of a like count. */
export function likesText(n: number): string {
  return `${n} like${n === 1 ? '' : 's'}`;
}

/** One review and its replies as a list item. */
export function reviewItem(review: Review): HTMLLIElement {
  const li = h(
    'li',
    { class: 'review', 'data-review-id': review.id },
    h(
      'article',
      { 'aria-label': `Review by ${review.author.username}` },
      h(
        'header',
        {},
        h('strong', {}, review.author.username),
        review.rating !== null ? h('span', { class: 'rating', role: 'img', 'aria-label': `${review.rating} out of 5 stars` }, stars(review.rating)) : null,
        h('time', { class: 'muted', datetime: review.createdAt }, formatDate(review.createdAt)),
      ),
      h('p', { class: 'review-body' }, review.body),
      h(
        'div',
        { class: 'review-actions' },
        h('span', { class: 'likes' }, likesText(review.likes)),
        h('button', { type: 'button', class: 'secondary', 'data-action': 'like' }, 'Like'),
        h('button', { type: 'button', class: 'secondary', 'data-action': 'reply' }, 'Reply'),
      ),
    ),
  );
  if (review.replies.length > 0) li.append(h('ol', { class: 'reviews', 'aria-label': 'Replies' }, ...review.replies.map(reviewItem)));
  return li;
}

/** The replies list of a review item, created when missing. */
export function repliesOf(item: HTMLLIElement): HTMLOListElement {
  const existing = item.querySelector<HTMLOListElement>(':scope > ol.reviews');
  if (existing) return existing;
  const ol = h('ol', { class: 'reviews', 'aria-label': 'Replies' });
  item.append(ol);
  return ol;
}
