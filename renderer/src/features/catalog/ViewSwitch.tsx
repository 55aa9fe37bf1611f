import { useTranslation } from 'react-i18next';
import { IconCatalog, IconFloor } from './CatalogIcons';

/** The terminal's main screens (Settings opens over them). */
export type TerminalView = 'floor' | 'catalog';

const views = [
  { view: 'floor', label: 'viewFloor', Icon: IconFloor },
  { view: 'catalog', label: 'viewCatalog', Icon: IconCatalog },
] as const satisfies readonly { view: TerminalView; label: string; Icon: typeof IconFloor }[];

/**
 * The header's way between the floor plan and the catalog: full touch targets with an icon and
 * the word. The screen shown is marked with `aria-current` and a bar and heavier type, not colour
 * alone; none is current while Settings is open (`current` null).
 */
export function ViewSwitch({ current, onShow }: { current: TerminalView | null; onShow: (view: TerminalView) => void }) {
  const { t } = useTranslation('catalog');
  return (
    <nav className="catalog-views" aria-label={t('screens')}>
      {views.map(({ view, label, Icon }) => (
        <button
          key={view}
          type="button"
          className="catalog-views__button"
          data-testid={`view-${view}`}
          aria-current={current === view ? 'page' : undefined}
          onClick={() => onShow(view)}
        >
          <Icon className="catalog-views__icon" />
          {t(label)}
        </button>
      ))}
    </nav>
  );
}
