import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SearchList, type SearchListProps } from './SearchList';

// Rendered to markup in Node (no DOM here): what the list of matches shows in each state.

interface Fruit {
  id: number;
  name: string;
}

const render = (props: Partial<SearchListProps<Fruit>>) =>
  renderToStaticMarkup(
    createElement(SearchList<Fruit>, {
      items: [],
      itemKey: (fruit) => fruit.id,
      renderRow: (fruit) => createElement('button', { type: 'button', 'data-id': fruit.id }, fruit.name),
      className: 'fruits',
      ...props,
    }),
  );

const fruits: Fruit[] = [
  { id: 1, name: 'Apple' },
  { id: 2, name: 'Pear' },
];

describe('SearchList', () => {
  it('shows nothing while the matches are being read, even with a "no match" line to say', () => {
    expect(render({ items: undefined, empty: 'No fruit matches' })).toBe('');
    expect(render({ items: null, empty: 'No fruit matches' })).toBe('');
  });

  it('says "no match" in its own class when there is none, and nothing when the screen has no such line', () => {
    expect(render({ items: [], empty: 'No fruit matches “kiwi”', emptyClassName: 'form-hint' })).toBe('<p class="form-hint">No fruit matches “kiwi”</p>');
    expect(render({ items: [] })).toBe('');
  });

  it('lists every match as a row of the screen’s own, in a named list with its test id', () => {
    const html = render({ items: fruits, label: 'Fruits found', testId: 'fruit-results', empty: 'No fruit' });
    expect(html).toBe(
      '<ul class="fruits" aria-label="Fruits found" data-testid="fruit-results"><li><button type="button" data-id="1">Apple</button></li><li><button type="button" data-id="2">Pear</button></li></ul>',
    );
    expect(html).not.toContain('No fruit<');
  });

  it('leaves out the name and test id a screen does not give', () => {
    expect(render({ items: fruits.slice(0, 1) })).toBe('<ul class="fruits"><li><button type="button" data-id="1">Apple</button></li></ul>');
  });

  it('says as the last line that the search stopped at its cap, only when it did', () => {
    const capped = render({ items: fruits, more: '3 more: type more of the name', moreClassName: 'hint' });
    expect(capped).toMatch(/<li><button[^>]*>Pear<\/button><\/li><li class="hint">3 more: type more of the name<\/li><\/ul>$/);
    expect(render({ items: fruits, more: null, moreClassName: 'hint' })).not.toContain('class="hint"');
  });
});
