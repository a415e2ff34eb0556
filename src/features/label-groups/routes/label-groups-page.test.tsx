import type { LabelGroupWire } from '@contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { LocaleProvider, useLocale } from '@/lib/i18n';
import { serveApi } from '@/testing/api-handlers';
import { labelGroupWire } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { syntheticLabelGroups } from '../../../../fixtures/synthetic-label-groups';
import { LabelGroupsPage } from './label-groups-page';
import { VIRTUALIZE_ABOVE } from '../tree/label-tree';

function serveGroups(answer: () => unknown[] | Response | Promise<unknown[] | Response>) {
  const requests = serveApi({ labelGroups: answer });
  return { count: () => requests.length };
}

function renderPage(route = '/label-groups') {
  return renderWithProviders(<LabelGroupsPage />, { route, path: '/label-groups' });
}

const label = (description: string, type = 'string', required?: string[]) => ({
  description,
  type,
  ...(required ? { required } : {}),
});

/** Three top-level groups; Marketing holds a nested group. */
const SAMPLE: LabelGroupWire[] = [
  labelGroupWire({ id: 1, name: 'Sales', labels: [label('North'), label('South', 'number', ['region'])] }),
  labelGroupWire({ id: 2, name: 'Marketing', labels: [label('Mail campaigns')] }),
  labelGroupWire({ id: 3, name: 'Café staff', group_id: 2, labels: [label('Barista'), label('Crème', 'date')] }),
  labelGroupWire({ id: 4, name: 'Empty', labels: null }),
];

const tree = () => screen.getByRole('tree', { name: 'Label groups' });
const item = (name: string) => within(tree()).getByRole('treeitem', { name });
/** The elements a treeitem points at by id: its description (badges, dates) and its group of children. */
const referenced = (element: HTMLElement, attribute: 'aria-describedby' | 'aria-owns') => {
  const target = document.getElementById(element.getAttribute(attribute) ?? '');
  if (!target) throw new Error(`no element for ${attribute}`);
  return target;
};
const visibleTitles = () =>
  within(tree())
    .queryAllByRole('treeitem')
    .map((element) => element.getAttribute('aria-labelledby'))
    .map((id) => (id ? document.getElementById(`${id}`)?.textContent : null));
const countStatus = () => screen.getByText(/ of \d+ groups?$/);

async function renderLoaded(route?: string, groups: unknown[] = SAMPLE) {
  serveGroups(() => groups);
  const result = renderPage(route);
  await screen.findByRole('tree', { name: 'Label groups' });
  return result;
}

describe('LabelGroupsPage: states', () => {
  it('shows a busy skeleton until the groups arrive', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    serveGroups(async () => {
      await gate;
      return SAMPLE;
    });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Label groups' })).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading label groups…');
    expect(status.closest('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('tree', { name: 'Label groups' })).toBeInTheDocument();
    expect(screen.queryByText('Loading label groups…')).not.toBeInTheDocument();
  });

  it('says so when there are no label groups', async () => {
    serveGroups(() => []);
    renderPage();
    expect(await screen.findByText('No label groups')).toBeInTheDocument();
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
  });

  it('shows the error with Retry, and the groups after a successful retry', async () => {
    let fail = true;
    const requests = serveGroups(() =>
      fail ? HttpResponse.json({ error: 'upstream down' }, { status: 503 }) : SAMPLE,
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The API had a problem answering.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tree', { name: 'Label groups' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests.count()).toBe(2);
  });

  it('reports fields the API added, and still shows the group', async () => {
    await renderLoaded(undefined, [{ ...labelGroupWire({ id: 1, name: 'Sales' }), colour: 'red' }]);
    const notice = screen.getAllByRole('status').find((element) => element.textContent?.includes('ignored'));
    expect(notice).toHaveTextContent('Fields not in the API description were ignored: colour');
    expect(item('Sales')).toBeInTheDocument();
  });

  it('shows markup in names and descriptions as text', async () => {
    await renderLoaded(undefined, [
      labelGroupWire({ id: 1, name: '<img src=x onerror=alert(1)>', labels: [label('<b>bold</b>', '<i>t</i>')] }),
    ]);
    const group = item('<img src=x onerror=alert(1)>');
    await userEvent.click(group);
    await userEvent.keyboard('{ArrowRight}');
    expect(item('<b>bold</b>')).toBeInTheDocument();
    expect(screen.getAllByText('<i>t</i>').length).toBeGreaterThan(0);
    expect(document.querySelector('img, b, i')).toBeNull();
  });
});

describe('LabelGroupsPage: the tree', () => {
  it('lists the groups in API order with names, label counts and dates, nesting by group_id', async () => {
    await renderLoaded();
    expect(visibleTitles()).toEqual(['Sales', 'Marketing', 'Empty']);
    const sales = item('Sales');
    expect(sales).toHaveAccessibleDescription(/2 labels/);
    expect(sales).toHaveAccessibleDescription(/Updated/);
    // Both dates show on hover (title) and on focus (the created part is revealed by CSS).
    expect(within(referenced(sales, 'aria-describedby')).getByTitle(/^Created .+ · Updated .+$/)).toBeInTheDocument();
    expect(sales).toHaveAttribute('aria-expanded', 'false');
    expect(sales).toHaveAttribute('aria-level', '1');
    expect(sales).toHaveAttribute('aria-posinset', '1');
    expect(sales).toHaveAttribute('aria-setsize', '3');

    await userEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    const marketing = item('Marketing');
    expect(marketing).toHaveAccessibleDescription(/1 label.*1 nested group/);
    // The nested group is a treeitem inside Marketing's role="group", before Marketing's own labels.
    const children = referenced(marketing, 'aria-owns');
    expect(
      within(children)
        .getAllByRole('treeitem')
        .map((element) => element.dataset.key),
    ).toEqual(
      [item('Café staff'), item('Barista'), item('Crème'), item('Mail campaigns')].map(
        (element) => element.dataset.key,
      ),
    );
    expect(item('Café staff')).toHaveAttribute('aria-level', '2');
    expect(item('Crème')).toHaveAttribute('aria-level', '3');
  });

  it('shows fallbacks, and does not make a group without labels expandable', async () => {
    await renderLoaded(undefined, [
      labelGroupWire({ id: 7, name: '', labels: [{ type: 'string' }] }),
      labelGroupWire({ id: undefined, name: undefined, labels: [] }),
    ]);
    const unnamed = item('Unnamed group #7');
    expect(item('Unnamed group')).not.toHaveAttribute('aria-expanded');
    expect(item('Unnamed group')).toHaveAccessibleDescription(/No labels/);
    await userEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(unnamed).toHaveAttribute('aria-expanded', 'true');
    expect(item('(no description)')).toHaveAccessibleDescription(/Type: string/);
  });

  it('keeps a group whose parent is missing at the top level, with a note', async () => {
    await renderLoaded(undefined, [labelGroupWire({ id: 1, name: 'Orphan', group_id: 99 })]);
    expect(item('Orphan')).toHaveAttribute('aria-level', '1');
    expect(item('Orphan')).toHaveAccessibleDescription(/parent #99 not in the list/);
  });

  it('opens and closes everything with Expand all and Collapse all', async () => {
    await renderLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(visibleTitles()).toEqual([
      'Sales',
      'North',
      'South',
      'Marketing',
      'Café staff',
      'Barista',
      'Crème',
      'Mail campaigns',
      'Empty',
    ]);
    expect(item('Marketing')).toHaveAttribute('aria-expanded', 'true');
    expect(item('Café staff')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(visibleTitles()).toEqual(['Sales', 'Marketing', 'Empty']);
    expect(item('Marketing')).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens and closes a group by clicking its toggle', async () => {
    await renderLoaded();
    const sales = item('Sales');
    const toggle = sales.closest('.lg-row')?.querySelector('.lg-toggle');
    if (!(toggle instanceof HTMLElement)) throw new Error('no toggle');
    await userEvent.click(toggle);
    expect(sales).toHaveAttribute('aria-expanded', 'true');
    expect(item('North')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(sales).toHaveAttribute('aria-expanded', 'false');
    expect(within(tree()).queryByRole('treeitem', { name: 'North' })).not.toBeInTheDocument();
  });
});

describe('LabelGroupsPage: keyboard', () => {
  it('has one tab stop and walks the visible items with the arrow keys, Home and End', async () => {
    await renderLoaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    const tabStops = within(tree())
      .getAllByRole('treeitem')
      .filter((element) => element.tabIndex === 0);
    expect(tabStops).toHaveLength(1);
    await user.tab();
    expect(document.activeElement).toBe(item('Sales'));
    expect(item('Sales')).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Marketing'));
    expect(item('Marketing')).toHaveAttribute('tabindex', '0');
    expect(item('Sales')).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(item('Empty'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Empty'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(item('Sales'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(item('Sales'));

    // Right opens, Right again enters; Left goes back to the parent, Left again closes.
    await user.keyboard('{ArrowRight}');
    expect(item('Sales')).toHaveAttribute('aria-expanded', 'true');
    expect(document.activeElement).toBe(item('Sales'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(item('North'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('South'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(item('Sales'));
    await user.keyboard('{ArrowLeft}');
    expect(item('Sales')).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(item('Sales'));
  });

  it('toggles groups with Enter and Space, and only selects labels with them', async () => {
    await renderLoaded();
    const user = userEvent.setup();
    await user.click(item('Sales'));
    await user.keyboard('{Enter}');
    expect(item('Sales')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(item('Sales')).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(document.activeElement).toBe(item('North'));
    expect(item('North')).toHaveAttribute('aria-selected', 'true');
    expect(item('Sales')).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves to the next item starting with the typed characters', async () => {
    // The keys' own times, as the tree reads them (event.timeStamp): keys typed together, then a pause longer than
    // the tree's half second, whatever a busy machine makes of the time between them.
    let clock = 1_000;
    vi.spyOn(Event.prototype, 'timeStamp', 'get').mockImplementation(() => clock);
    await renderLoaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    await user.click(item('Sales'));
    await user.keyboard('m');
    expect(document.activeElement).toBe(item('Marketing'));
    await user.keyboard('m');
    expect(document.activeElement).toBe(item('Mail campaigns'));
    // Accent-insensitive: "cre" finds "Crème".
    clock += 600;
    await user.keyboard('cre');
    expect(document.activeElement).toBe(item('Crème'));
  });

  it('keeps focus on the item when a click moves it and selects it', async () => {
    await renderLoaded();
    const user = userEvent.setup();
    await user.click(item('Marketing'));
    expect(document.activeElement).toBe(item('Marketing'));
    expect(item('Marketing')).toHaveAttribute('aria-selected', 'true');
    expect(item('Sales')).toHaveAttribute('aria-selected', 'false');
  });
});

describe('LabelGroupsPage: filter', () => {
  it('filters by group names, descriptions and types, keeps the query in the URL and says how many groups match', async () => {
    const { router } = await renderLoaded();
    const user = userEvent.setup();
    expect(countStatus()).toHaveTextContent('4 of 4 groups');
    const box = screen.getByRole('searchbox', { name: 'Filter labels' });
    await user.type(box, 'CREME');
    await waitFor(() => expect(router.state.location.search).toBe('?q=CREME'));
    await waitFor(() => expect(countStatus()).toHaveTextContent('2 of 4 groups'));
    // The groups holding the match open by themselves, and only the matching label shows.
    expect(visibleTitles()).toEqual(['Marketing', 'Café staff', 'Crème']);
    expect(item('Marketing')).toHaveAttribute('aria-expanded', 'true');
    const mark = within(item('Crème')).getByText('Crème', { selector: 'mark' });
    expect(mark).toBeInTheDocument();
    // Typing replaced the history entry instead of adding one per letter.
    expect(router.state.historyAction).toBe('REPLACE');

    await user.clear(box);
    await user.type(box, 'numb');
    await waitFor(() => expect(visibleTitles()).toEqual(['Sales', 'South']));
    expect(
      within(referenced(item('South'), 'aria-describedby')).getByText('numb', { selector: 'mark' }),
    ).toBeInTheDocument();
    expect(countStatus()).toHaveTextContent('1 of 4 groups');

    await user.clear(box);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(visibleTitles()).toEqual(['Sales', 'Marketing', 'Empty']));
  });

  it('applies ?q= from the URL, accent-insensitively, and follows the URL when it changes', async () => {
    const { router } = await renderLoaded('/label-groups?q=cafe');
    expect(screen.getByRole('searchbox', { name: 'Filter labels' })).toHaveValue('cafe');
    await waitFor(() => expect(visibleTitles()).toEqual(['Marketing', 'Café staff']));
    expect(within(item('Café staff')).getByText('Café', { selector: 'mark' })).toBeInTheDocument();
    // A name match does not open the group, but it can be opened to see all its labels.
    expect(item('Café staff')).toHaveAttribute('aria-expanded', 'false');

    await act(() => router.navigate('/label-groups?q=north'));
    expect(screen.getByRole('searchbox', { name: 'Filter labels' })).toHaveValue('north');
    await waitFor(() => expect(visibleTitles()).toEqual(['Sales', 'North']));
  });

  it('says when nothing matches and offers to clear the filter', async () => {
    serveGroups(() => SAMPLE);
    const { router } = renderPage('/label-groups?q=zzz');
    expect(await screen.findByText('No groups match “zzz”.')).toBeInTheDocument();
    expect(screen.queryByRole('tree')).not.toBeInTheDocument();
    expect(countStatus()).toHaveTextContent('0 of 4 groups');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filter' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('tree', { name: 'Label groups' })).toBeInTheDocument();
  });
});

describe('LabelGroupsPage: details', () => {
  it('shows the fields of the focused group and of a label', async () => {
    await renderLoaded();
    const user = userEvent.setup();
    const details = screen.getByRole('complementary', { name: 'Details' });
    expect(details).toHaveTextContent('Select a group or a label to see its details.');
    await user.click(item('Sales'));
    expect(within(details).getByRole('heading', { level: 2 })).toHaveTextContent('Sales');
    expect(details).toHaveTextContent('ID1');
    expect(details).toHaveTextContent('2026-01-10T08:00:00Z');
    expect(details).toHaveTextContent('2026-03-01T08:00:00Z');
    expect(details).toHaveTextContent('Labels2');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    expect(within(details).getByRole('heading', { level: 2 })).toHaveTextContent('South');
    expect(details).toHaveTextContent('Typenumber');
    expect(within(details).getByText('region')).toBeInTheDocument();
    expect(details).toHaveTextContent('GroupSales (#1)');
  });

  it('shows the parent of a nested group', async () => {
    await renderLoaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    await user.click(item('Café staff'));
    const details = screen.getByRole('complementary', { name: 'Details' });
    expect(details).toHaveTextContent('Parent group (group_id)#2: Marketing');
  });

  it('copies the id and confirms it', async () => {
    await renderLoaded();
    const user = userEvent.setup();
    await user.click(item('Marketing'));
    const details = screen.getByRole('complementary', { name: 'Details' });
    await user.click(within(details).getByRole('button', { name: 'Copy ID' }));
    expect(within(details).getByRole('status')).toHaveTextContent('Copied');
    expect(await navigator.clipboard.readText()).toBe('2');
  });

  it('explains when the browser refuses to copy', async () => {
    await renderLoaded();
    const user = userEvent.setup();
    await user.click(item('Marketing'));
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const details = screen.getByRole('complementary', { name: 'Details' });
    await user.click(within(details).getByRole('button', { name: 'Copy ID' }));
    expect(within(details).getByRole('status')).toHaveTextContent('The browser did not allow copying');
    expect(within(details).getByRole('status')).not.toHaveTextContent('Copied');
  });

  it('explains when there is no clipboard at all (an insecure page)', async () => {
    await renderLoaded();
    const user = userEvent.setup();
    await user.click(item('Marketing'));
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    try {
      const details = screen.getByRole('complementary', { name: 'Details' });
      await user.click(within(details).getByRole('button', { name: 'Copy ID' }));
      expect(within(details).getByRole('status')).toHaveTextContent('Copying is not available in this browser');
    } finally {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
    }
  });

  it('moves the selection up to the top-level group on Collapse all', async () => {
    await renderLoaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    await user.click(item('Barista'));
    const details = screen.getByRole('complementary', { name: 'Details' });
    expect(within(details).getByRole('heading', { level: 2 })).toHaveTextContent('Barista');
    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(item('Marketing')).toHaveAttribute('aria-selected', 'true');
    expect(item('Marketing')).toHaveAttribute('tabindex', '0');
    expect(within(details).getByRole('heading', { level: 2 })).toHaveTextContent('Marketing');
  });
});

describe('LabelGroupsPage: many groups', () => {
  it('renders only the rows in view and keeps level, size and position on each', async () => {
    const count = VIRTUALIZE_ABOVE + 100;
    await renderLoaded(undefined, syntheticLabelGroups(count, 2, { nestEvery: 0 }));
    const user = userEvent.setup();
    const items = within(tree()).getAllByRole('treeitem');
    expect(items.length).toBeLessThan(count);
    expect(items[0]).toHaveAttribute('aria-setsize', String(count));
    expect(items[0]).toHaveAttribute('aria-posinset', '1');
    expect(countStatus()).toHaveTextContent(`${count} of ${count} groups`);

    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-posinset', String(count)));
    expect(document.activeElement).toHaveAttribute('role', 'treeitem');
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAttribute('aria-level', '2');
    expect(document.activeElement).toHaveAttribute('aria-setsize', '2');
    await user.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-posinset', '1'));
    expect(document.activeElement).toHaveAttribute('aria-level', '1');
  });
});

describe('LabelGroupsPage: in Russian', () => {
  const RUSSIAN_SAMPLE: LabelGroupWire[] = [
    ...SAMPLE,
    labelGroupWire({
      id: 5,
      name: 'Должности',
      labels: ['Менеджер', 'Инженер', 'Юрист', 'Бухгалтер', 'Кассир'].map((description) => label(description)),
    }),
    labelGroupWire({ id: 6, name: '', group_id: 404, labels: [{ type: 'string' }] }),
  ];

  async function renderInRussian(route = '/label-groups') {
    serveGroups(() => RUSSIAN_SAMPLE);
    const result = renderWithProviders(
      <LocaleProvider initial="ru">
        <LabelGroupsPage />
      </LocaleProvider>,
      { route, path: '/label-groups' },
    );
    // The count shows once the list is in, whether or not a filter leaves a tree.
    await screen.findByText(/ из \d+ групп/);
    return result;
  }

  const ruTree = () => screen.getByRole('tree', { name: 'Группы меток' });
  const ruItem = (name: string) => within(ruTree()).getByRole('treeitem', { name });

  it('names the page, the tree and the controls in Russian, with Russian plurals and dates', async () => {
    await renderInRussian();
    expect(screen.getByRole('heading', { level: 1, name: 'Группы меток' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Фильтр меток' })).toHaveAttribute(
      'placeholder',
      'Группа, описание или тип метки',
    );
    expect(screen.getByRole('button', { name: 'Развернуть все' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Свернуть все' })).toBeInTheDocument();
    expect(screen.queryByText(/Label groups|Expand all|Filter labels/)).not.toBeInTheDocument();
    expect(screen.getByText(/ из \d+ групп/)).toHaveTextContent('6 из 6 групп');

    expect(ruItem('Sales')).toHaveAccessibleDescription(/^2 метки/);
    expect(ruItem('Должности')).toHaveAccessibleDescription(/^5 меток/);
    expect(ruItem('Empty')).toHaveAccessibleDescription(/^Нет меток/);
    expect(ruItem('Marketing')).toHaveAccessibleDescription(/^1 метка 1 вложенная группа/);
    // Dates in Russian (the day, whatever the time zone: 08:00 UTC is 1 March from UTC−8 to UTC+15).
    expect(ruItem('Sales')).toHaveAccessibleDescription(/Изменена 1 мар\. 2026 г\./);
    const fullDates = /^Создана 10 янв\. 2026 г\., .+ · Изменена 1 мар\. 2026 г\., .+$/;
    expect(within(referenced(ruItem('Sales'), 'aria-describedby')).getByTitle(fullDates)).toBeInTheDocument();
  });

  it('titles what the data leaves unnamed in Russian, and type-ahead finds those titles', async () => {
    await renderInRussian();
    const user = userEvent.setup();
    const unnamed = ruItem('Группа без названия №6');
    expect(unnamed).toHaveAccessibleDescription(/родительской группы №404 нет в списке/);
    await user.click(ruItem('Sales'));
    // Chromium has Cyrillic keys; user-event takes any character.
    await user.keyboard('г');
    expect(document.activeElement).toBe(unnamed);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(ruItem('(без описания)'));
    expect(ruItem('(без описания)')).toHaveAccessibleDescription('Тип: string');
  });

  it('shows the details in Russian and copies with a Russian confirmation', async () => {
    await renderInRussian();
    const user = userEvent.setup();
    const details = screen.getByRole('complementary', { name: 'Подробности' });
    expect(details).toHaveTextContent('Выберите группу или метку, чтобы увидеть подробности.');
    await user.click(ruItem('Sales'));
    expect(within(details).getByRole('heading', { level: 2 })).toHaveTextContent('Группа Sales');
    expect(details).toHaveTextContent('Родительская группа (group_id)нет (верхний уровень)');
    expect(details).toHaveTextContent(/Создана10 янв\. 2026 г\., \d\d:\d\d 2026-01-10T08:00:00Z/);
    expect(details).toHaveTextContent('Метки2');
    await user.click(within(details).getByRole('button', { name: 'Копировать ID' }));
    expect(within(details).getByRole('status')).toHaveTextContent('Скопировано');

    await user.click(ruItem('Sales'));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    expect(within(details).getByRole('heading', { level: 2 })).toHaveTextContent('Метка South');
    expect(details).toHaveTextContent('ГруппаSales (№1)');
    expect(details).toHaveTextContent('Позиция2 из 2');
    expect(within(details).getByRole('button', { name: 'Копировать ID группы' })).toBeInTheDocument();
  });

  it('counts matches and says when nothing matches in Russian', async () => {
    await renderInRussian('/label-groups?q=zzz');
    const user = userEvent.setup();
    expect(await screen.findByText('Нет групп, подходящих под «zzz».')).toBeInTheDocument();
    expect(screen.getByText(/ из \d+ групп/)).toHaveTextContent('0 из 6 групп');
    await user.click(screen.getByRole('button', { name: 'Сбросить фильтр' }));
    expect(await screen.findByRole('tree', { name: 'Группы меток' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Фильтр меток' }), 'кассир');
    await waitFor(() => expect(screen.getByText(/ из \d+ групп/)).toHaveTextContent('1 из 6 групп'));
  });

  it('follows a change of language, keeping the selection and what is open', async () => {
    serveGroups(() => SAMPLE);
    function SwitchToRussian() {
      const { setLocale } = useLocale();
      return (
        <button type="button" onClick={() => setLocale('ru')}>
          switch
        </button>
      );
    }
    renderWithProviders(
      <LocaleProvider initial="en">
        <SwitchToRussian />
        <LabelGroupsPage />
      </LocaleProvider>,
      { route: '/label-groups', path: '/label-groups' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('treeitem', { name: 'Sales' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText(/ of \d+ groups?$/)).toHaveTextContent('4 of 4 groups');
    await user.click(screen.getByRole('button', { name: 'switch' }));
    expect(ruItem('Sales')).toHaveAttribute('aria-selected', 'true');
    expect(ruItem('Sales')).toHaveAttribute('aria-expanded', 'true');
    expect(ruItem('North')).toBeInTheDocument();
    expect(screen.getByText(/ из \d+ групп/)).toHaveTextContent('4 из 4 групп');
    expect(screen.getByRole('complementary', { name: 'Подробности' })).toHaveTextContent('Метки2');
  });
});
