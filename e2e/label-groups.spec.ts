import { expect, test, type Locator, type Page } from '@playwright/test';
import { openSignedIn, watchConsole } from './support';

// The demo's 27 groups (server/demo-api/label-groups.ts): 25 at the top level (4 "Sales" sits in 3 "Departments",
// 5 in 4), 55 labels in all, 20 groups with something to open. Nothing is open at first.
const TOP_LEVEL = 25;
const ALL_ROWS = 27 + 55;
const EXPANDABLE = 20;

function tree(page: Page): Locator {
  return page.getByRole('tree', { name: 'Label groups' });
}

function item(page: Page, name: string | RegExp): Locator {
  return tree(page).getByRole('treeitem', { name, exact: true });
}

/** The group of children a treeitem owns (aria-owns), once it is open. */
async function ownedGroup(treeitem: Locator): Promise<Locator> {
  await expect(treeitem).toHaveAttribute('aria-owns', /.+/);
  const id = await treeitem.getAttribute('aria-owns');
  return treeitem.page().locator(`[id="${id ?? ''}"]`);
}

function details(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Details' });
}

/** The details panel's fields, term to text. */
async function detailFields(page: Page): Promise<Record<string, string>> {
  return details(page)
    .getByRole('term')
    .evaluateAll((terms) =>
      Object.fromEntries(
        terms.map((term) => [term.textContent?.trim() ?? '', term.nextElementSibling?.textContent?.trim() ?? '']),
      ),
    );
}

async function openTree(page: Page, url = '/label-groups'): Promise<void> {
  await openSignedIn(page, url);
  await expect(tree(page)).toBeVisible();
}

function filterQuery(page: Page): string | null {
  return new URL(page.url()).searchParams.get('q');
}

test('the tree shows the top-level groups, closed, with a count', async ({ page }) => {
  await openTree(page);
  await expect(page.getByRole('heading', { name: 'Label groups', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /of 27 groups$/ })).toHaveText('27 of 27 groups');
  const items = tree(page).getByRole('treeitem');
  await expect(items).toHaveCount(TOP_LEVEL);
  await expect(items.first()).toHaveAccessibleName('Должность');
  await expect(items.last()).toHaveAccessibleName('Customer success');
  await expect(tree(page).locator('[role="treeitem"][aria-expanded="true"]')).toHaveCount(0);
  await expect(item(page, 'Sales')).toHaveCount(0);
});

test('the keyboard walks the tree: one tab stop, arrows, Home/End, Enter/Space and type-ahead', async ({ page }) => {
  await openTree(page);
  await expect(tree(page).locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Collapse all' }).focus();
  await page.keyboard.press('Tab');
  const focused = tree(page).locator('[role="treeitem"]:focus');
  const expectFocus = async (name: string, expanded: 'true' | 'false' | null) => {
    await expect(focused).toHaveAccessibleName(name);
    if (expanded === null) await expect(focused).not.toHaveAttribute('aria-expanded');
    else await expect(focused).toHaveAttribute('aria-expanded', expanded);
    await expect(focused).toHaveAttribute('tabindex', '0');
  };
  await expectFocus('Должность', 'false');
  await expect(tree(page).locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);

  await page.keyboard.press('ArrowDown');
  await expectFocus('Café staff', 'false');
  await page.keyboard.press('ArrowDown');
  await expectFocus('Departments', 'false');
  await page.keyboard.press('ArrowRight');
  await expectFocus('Departments', 'true');
  await page.keyboard.press('ArrowRight');
  await expectFocus('Sales', 'false');
  await expect(focused).toHaveAttribute('aria-level', '2');
  await page.keyboard.press('ArrowRight');
  await expectFocus('Sales', 'true');
  await page.keyboard.press('ArrowDown');
  await expectFocus('Sales — Северо-Запад', null);
  await expect(focused).toHaveAttribute('aria-level', '3');
  await page.keyboard.press('ArrowLeft');
  await expectFocus('Sales', 'true');
  await page.keyboard.press('ArrowLeft');
  await expectFocus('Sales', 'false');
  await expect(item(page, 'Sales — Северо-Запад')).toHaveCount(0);
  await page.keyboard.press('ArrowLeft');
  await expectFocus('Departments', 'true');
  await page.keyboard.press('ArrowLeft');
  await expectFocus('Departments', 'false');
  await expect(item(page, 'Sales')).toHaveCount(0);
  await page.keyboard.press('ArrowUp');
  await expectFocus('Café staff', 'false');

  await page.keyboard.press('End');
  await expectFocus('Customer success', 'false');
  await page.keyboard.press('Home');
  await expectFocus('Должность', 'false');
  await page.keyboard.press('Enter');
  await expectFocus('Должность', 'true');
  await expect(item(page, 'Менеджер')).toBeVisible();
  await page.keyboard.press(' ');
  await expectFocus('Должность', 'false');
  await expect(item(page, 'Менеджер')).toHaveCount(0);

  // "s" goes to Skills, "sh" on to Shifts; Home clears what was typed.
  await page.keyboard.type('sh');
  await expectFocus('Shifts', null);
  await page.keyboard.press('Home');
  await page.keyboard.type('n');
  await expectFocus('Niveau de français', 'false');
  await page.keyboard.press('Home');
  await page.keyboard.type('uu');
  await expectFocus('Unnamed group', null);
  // Playwright's keyboard has no Cyrillic keys; Chromium's own input takes any key.
  await page.keyboard.press('Home');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'о', text: 'о', unmodifiedText: 'о' });
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'о' });
  await expectFocus('Офис: Москва', 'false');

  // Still one tab stop, and Tab leaves the tree.
  await expect(tree(page).locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(focused).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expectFocus('Офис: Москва', 'false');
});

test('the filter matches case- and accent-insensitively, highlights, and lives in the URL', async ({ page }) => {
  await openTree(page);
  const filter = page.getByRole('searchbox', { name: 'Filter labels' });
  const count = page.getByRole('status').filter({ hasText: /of 27 groups$/ });

  await filter.fill('ДОЛЖНОСТЬ');
  await expect(count).toHaveText('1 of 27 groups');
  await expect(tree(page).getByRole('treeitem')).toHaveCount(1);
  await expect(item(page, 'Должность').locator('mark')).toHaveText('Должность');
  expect(filterQuery(page)).toBe('ДОЛЖНОСТЬ');

  await filter.fill('cafe');
  await expect(count).toHaveText('1 of 27 groups');
  await expect(tree(page).getByRole('treeitem')).toHaveCount(1);
  await expect(item(page, 'Café staff').locator('mark')).toHaveText('Café');
  await expect(page).toHaveURL(/\/label-groups\?q=cafe$/);

  await page.reload();
  await expect(filter).toHaveValue('cafe');
  await expect(count).toHaveText('1 of 27 groups');
  await expect(item(page, 'Café staff').locator('mark')).toHaveText('Café');

  // A label's match opens its group; a nested group's match brings its ancestors.
  await filter.fill('BARISTA');
  await expect(item(page, 'Café staff')).toHaveAttribute('aria-expanded', 'true');
  await expect(tree(page).getByRole('treeitem')).toHaveCount(2);
  await expect(item(page, 'Barista').locator('mark')).toHaveText('Barista');
  await filter.fill('северо');
  await expect(count).toHaveText('3 of 27 groups');
  await expect(item(page, 'Departments')).toHaveAttribute('aria-expanded', 'true');
  await expect(item(page, 'Sales')).toHaveAttribute('aria-expanded', 'true');
  await expect(item(page, 'Sales — Северо-Запад')).toHaveAttribute('aria-level', '3');
  await expect(item(page, 'Sales — Северо-Запад').locator('mark')).toHaveText('Северо');

  await filter.fill('no such label');
  await expect(count).toHaveText('0 of 27 groups');
  await expect(page.getByText('No groups match “no such label”.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the filter' }).click();
  await expect(filter).toHaveValue('');
  await expect(page).toHaveURL(/\/label-groups$/);
  await expect(count).toHaveText('27 of 27 groups');
  await expect(tree(page).getByRole('treeitem')).toHaveCount(TOP_LEVEL);
  await expect(tree(page).locator('mark')).toHaveCount(0);
});

test('Expand all and Collapse all open and close every group', async ({ page }) => {
  await openTree(page);
  const items = tree(page).getByRole('treeitem');
  const open = tree(page).locator('[role="treeitem"][aria-expanded="true"]');
  const closed = tree(page).locator('[role="treeitem"][aria-expanded="false"]');
  await expect(items).toHaveCount(TOP_LEVEL);

  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(items).toHaveCount(ALL_ROWS);
  await expect(open).toHaveCount(EXPANDABLE);
  await expect(closed).toHaveCount(0);
  await expect(item(page, 'Sales — Северо-Запад')).toBeVisible();
  await expect(item(page, 'Escalations')).toBeVisible();

  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect(items).toHaveCount(TOP_LEVEL);
  await expect(open).toHaveCount(0);
  // Six top-level groups have nothing to open.
  await expect(closed).toHaveCount(TOP_LEVEL - 6);
});

test('odd groups: unnamed, empty, nested by group_id and with a missing parent', async ({ page }) => {
  await openTree(page);
  for (const name of ['Unnamed group #8', 'Unnamed group', 'Onboarding status', 'Shifts', 'Teams', 'Archived']) {
    await expect(item(page, name), name).not.toHaveAttribute('aria-expanded');
    await expect(item(page, name), name).toHaveAccessibleDescription(/^No labels/);
  }
  const unnamed17 = item(page, 'Unnamed group #17');
  await expect(unnamed17).toHaveAttribute('aria-expanded', 'false');
  await unnamed17.click();
  await page.keyboard.press('ArrowRight');
  await expect(item(page, 'A label in a group whose name is empty')).toHaveAttribute('aria-level', '2');

  const mentors = item(page, 'Mentors (parent was deleted)');
  await expect(mentors).toHaveAttribute('aria-level', '1');
  await expect(mentors).toHaveAccessibleDescription(/parent #404 not in the list/);

  // Sales (group_id 3) and its own child (group_id 4) sit inside Departments, not at the top level.
  const departments = item(page, 'Departments');
  await expect(departments).toHaveAccessibleDescription(/1 nested group/);
  await departments.click();
  await page.keyboard.press('ArrowRight');
  const sales = (await ownedGroup(departments)).getByRole('treeitem', { name: 'Sales', exact: true });
  await expect(sales).toHaveAttribute('aria-level', '2');
  await sales.click();
  await page.keyboard.press('ArrowRight');
  const salesGroup = await ownedGroup(sales);
  await expect(salesGroup.getByRole('treeitem', { name: 'Sales — Северо-Запад' })).toHaveAttribute('aria-level', '3');
  await expect(salesGroup.getByRole('treeitem', { name: 'Inside sales' })).toBeVisible();

  // Labels without a description get a placeholder.
  const contractors = item(page, 'Contractors');
  await contractors.click();
  await page.keyboard.press('ArrowRight');
  await expect((await ownedGroup(contractors)).getByRole('treeitem')).toHaveAccessibleName('(no description)');
});

test('the details panel follows the focused item, and Copy puts the id on the clipboard', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await openTree(page);
  const heading = details(page).getByRole('heading', { level: 2 });
  await expect(details(page)).toContainText('Select a group or a label to see its details.');

  await item(page, 'Regions').click();
  await expect(heading).toHaveText('Group Regions');
  expect(await detailFields(page)).toMatchObject({
    ID: '6',
    Name: 'Regions',
    'Parent group (group_id)': 'none (top level)',
    Labels: '8',
    'Nested groups': '0',
  });
  await details(page).getByRole('button', { name: 'Copy ID' }).click();
  await expect(details(page).getByRole('status')).toHaveText('✓ Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('6');

  // The keyboard moves the details along.
  await item(page, 'Regions').focus();
  await page.keyboard.press('ArrowDown');
  await expect(heading).toHaveText('Group Imported without an id');
  expect(await detailFields(page)).toMatchObject({ ID: 'none', Labels: '1' });
  await expect(details(page)).toContainText('This group has no ID to copy.');
  await expect(details(page).getByRole('button', { name: /^Copy/ })).toHaveCount(0);

  await item(page, 'Mentors (parent was deleted)').click();
  await expect(heading).toHaveText('Group Mentors (parent was deleted)');
  expect((await detailFields(page))['Parent group (group_id)']).toBe(
    '#404 (parent #404 not in the list; shown at the top level)',
  );

  await item(page, 'Café staff').click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(item(page, 'Barista')).toBeFocused();
  await expect(heading).toHaveText('Label Barista');
  expect(await detailFields(page)).toMatchObject({
    Description: 'Barista',
    Type: 'string',
    Group: 'Café staff (#2)',
    Position: '1 of 3',
  });
  await details(page).getByRole('button', { name: 'Copy group ID' }).click();
  await expect(details(page).getByRole('status')).toHaveText('✓ Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('2');
});

test('markup in group and label names is shown as text', async ({ page }) => {
  // The demo has no markup in label groups, so this spec answers the list itself.
  const groups = [
    {
      id: 1,
      name: '<img src=x onerror=alert(1)>',
      labels: [{ description: '<script>alert(2)</script>', type: '<b>t</b>' }],
    },
    { id: 2, name: 'Plain', group_id: 1, labels: [] },
  ];
  await page.route(
    (url) => url.pathname === '/endpoint/v1/label_groups',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(groups) }),
  );
  const problems = watchConsole(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openTree(page);
  await expect(page.getByRole('status').filter({ hasText: /of 2 groups$/ })).toHaveText('2 of 2 groups');
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(item(page, '<img src=x onerror=alert(1)>')).toHaveText(/<img src=x onerror=alert\(1\)>/);
  await expect(item(page, '<script>alert(2)</script>')).toHaveAccessibleDescription(/<b>t<\/b>/);
  await page.getByRole('searchbox', { name: 'Filter labels' }).fill('img');
  await expect(item(page, '<img src=x onerror=alert(1)>').locator('mark').first()).toHaveText('img');
  await item(page, '<img src=x onerror=alert(1)>').click();
  await expect(details(page).getByRole('heading', { level: 2 })).toHaveText('Group <img src=x onerror=alert(1)>');
  await expect(page.locator('main img, main script, main b')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  expect(problems).toEqual([]);
});

test('a long list renders only the rows in view, and the keyboard scrolls to the row it moves to', async ({ page }) => {
  // Past 200 rows the tree virtualises; the demo has 27 groups, so this spec answers a long list itself.
  const count = 1000;
  const groups = Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Group ${index + 1}`,
    group_id: null,
    labels: [{ description: `Label ${index + 1}.1` }],
  }));
  await page.route(
    (url) => url.pathname === '/endpoint/v1/label_groups',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(groups) }),
  );
  const problems = watchConsole(page);
  await openTree(page);
  await expect(page.getByRole('status').filter({ hasText: /of 1,000 groups$/ })).toHaveText('1,000 of 1,000 groups');
  const items = tree(page).getByRole('treeitem');
  await expect(items.first()).toHaveAccessibleName('Group 1');
  await expect(items.first()).toHaveAttribute('aria-setsize', String(count));
  expect(await items.count()).toBeLessThan(100);

  const first = item(page, 'Group 1');
  await first.click();
  await page.keyboard.press('End');
  const last = item(page, `Group ${count}`);
  await expect(last).toBeFocused();
  await expect(last).toHaveAttribute('aria-posinset', String(count));
  await expect(last).toBeInViewport();
  await page.keyboard.press('ArrowRight');
  await expect(last).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(item(page, `Label ${count}.1`)).toBeFocused();
  await expect(item(page, `Label ${count}.1`)).toHaveAttribute('aria-level', '2');
  await expect(item(page, `Label ${count}.1`)).toBeInViewport();
  await expect(item(page, 'Group 2')).toHaveCount(0);

  await page.keyboard.press('Home');
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();

  // Scrolled far away, the tab stop stays in the DOM, so Tab still finds the tree.
  await tree(page).hover();
  await page.mouse.wheel(0, 20_000);
  await expect(item(page, 'Group 2')).toHaveCount(0);
  await expect(first).toHaveCount(1);
  await expect(tree(page).locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Collapse all' }).focus();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  expect(problems).toEqual([]);
});

test('switching the language to Russian renames the tree and its texts, and Russian is kept after a reload', async ({
  page,
}) => {
  await openTree(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  const russianTree = page.getByRole('tree', { name: 'Группы меток' });
  const count = page.getByRole('status').filter({ hasText: / из \d+ групп$/ });
  await expect(russianTree).toBeVisible();
  await expect(page.getByRole('tree', { name: 'Label groups' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Группы меток' })).toBeVisible();
  await expect(count).toHaveText('27 из 27 групп');
  await expect(page.getByRole('button', { name: 'Развернуть все' })).toBeVisible();
  // A Russian plural and a date in Russian (12:00 in Moscow is 1 March in any time zone from UTC−9 to UTC+14).
  await expect(russianTree.getByRole('treeitem', { name: 'Должность', exact: true })).toHaveAccessibleDescription(
    /^4 метки\s+Изменена 1\sмар\.\s2026\sг\./,
  );
  await expect(russianTree.getByRole('treeitem', { name: 'Группа без названия №8', exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Фильтр меток' }).fill('cafe');
  await expect(count).toHaveText('1 из 27 групп');
  expect(await page.evaluate(() => window.localStorage.getItem('course-stats.locale'))).toBe('ru');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Язык · Language' })).toHaveValue('ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(russianTree).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Фильтр меток' })).toHaveValue('cafe');
  await expect(count).toHaveText('1 из 27 групп');
  await russianTree.getByRole('treeitem', { name: 'Café staff', exact: true }).click();
  await expect(page.getByRole('complementary', { name: 'Подробности' }).getByRole('heading', { level: 2 })).toHaveText(
    'Группа Café staff',
  );
});

test.describe('on a 375 px wide screen', () => {
  const WIDTH = 375;
  test.use({ viewport: { width: WIDTH, height: 800 } });

  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  /** Fails unless the element lies within the screen's width. */
  async function expectWithinWidth(locator: Locator, what: string): Promise<{ top: number; bottom: number }> {
    const box = await locator.boundingBox();
    if (box === null) throw new Error(`${what} is not laid out`);
    expect(box.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what} ends on screen`).toBeLessThanOrEqual(WIDTH);
    return { top: box.y, bottom: box.y + box.height };
  }

  test('the page fits the width, the toolbar wraps, and the details sit below the tree and follow the keyboard', async ({
    page,
  }) => {
    await openTree(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
    const filter = page.getByRole('searchbox', { name: 'Filter labels' });
    const expandAll = page.getByRole('button', { name: 'Expand all' });
    const collapseAll = page.getByRole('button', { name: 'Collapse all' });
    const filterBox = await expectWithinWidth(filter, 'the filter');
    const buttonsBox = await expectWithinWidth(expandAll, 'Expand all');
    await expectWithinWidth(collapseAll, 'Collapse all');
    expect(buttonsBox.top, 'the buttons wrap below the filter').toBeGreaterThanOrEqual(filterBox.bottom);

    await expandAll.click();
    await expect(tree(page).getByRole('treeitem')).toHaveCount(ALL_ROWS);
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
    // The tree scrolls inside its own box, the tree's parent.
    const treeBox = await expectWithinWidth(tree(page).locator('..'), 'the tree');
    const detailsBox = await expectWithinWidth(details(page), 'the details');
    expect(detailsBox.top, 'the details come after the tree').toBeGreaterThanOrEqual(treeBox.bottom);
    // Nothing hidden in the rows stretches the page below the details.
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(pageHeight).toBeLessThan(scrollY + detailsBox.bottom + 100);

    // Keyboard: into the tree, to the long-named group by type-ahead; its name wraps inside the tree.
    await collapseAll.click();
    await page.keyboard.press('Tab');
    const focused = tree(page).locator('[role="treeitem"]:focus');
    await expect(focused).toHaveAccessibleName('Должность');
    await expect(details(page).getByRole('heading', { level: 2 })).toHaveText('Group Должность');
    await page.keyboard.type('a');
    const long = item(page, /^A deliberately long group name/);
    await expect(long).toBeFocused();
    await expect(long).toHaveAttribute('aria-selected', 'true');
    await expectWithinWidth(long, 'the long-named group');
    const nameHeight = await long
      .locator('.lg-name')
      .first()
      .evaluate((element) => element.getBoundingClientRect().height);
    expect(nameHeight, 'the long name wraps onto more lines').toBeGreaterThan(40);
    await expect(details(page).getByRole('heading', { level: 2 })).toHaveText(/^Group A deliberately long group name/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(item(page, 'Short')).toBeFocused();
    await expect(details(page).getByRole('heading', { level: 2 })).toHaveText('Label Short');

    // The details are usable where they are: scrolled to, they fit, and their button works.
    const copy = details(page).getByRole('button', { name: 'Copy group ID' });
    await copy.scrollIntoViewIfNeeded();
    await expect(details(page)).toBeInViewport();
    await expectWithinWidth(details(page), 'the details');
    await expectWithinWidth(copy, 'Copy group ID');
    await copy.click();
    await expect(details(page).getByRole('status')).not.toBeEmpty();
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  });

  test('a long list of unbreakable names, virtualised, fits as well', async ({ page }) => {
    const word = 'Überlanger_Gruppenname_ohne_Leerzeichen_'.repeat(4);
    const groups = Array.from({ length: 300 }, (_, index) => ({
      id: index + 1,
      name: `${word}${index + 1}`,
      group_id: index % 10 === 5 ? 9999 : null,
      created_at: '2025-02-10T09:15:00Z',
      updated_at: '2026-03-01T12:00:00Z',
      labels: [{ description: `${word}label`, type: 'a_very_long_type_name_that_does_not_break', required: [word] }],
    }));
    await page.route(
      (url) => url.pathname === '/endpoint/v1/label_groups',
      (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(groups) }),
    );
    await openTree(page);
    await expect(page.getByRole('status').filter({ hasText: /of 300 groups$/ })).toHaveText('300 of 300 groups');
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
    await expectWithinWidth(tree(page).locator('..'), 'the tree');

    await page.getByRole('button', { name: 'Collapse all' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('End');
    const last = item(page, `${word}300`);
    await expect(last).toBeFocused();
    await expect(last).toBeInViewport();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(item(page, `${word}label`)).toBeFocused();
    await expect(details(page).getByRole('heading', { level: 2 })).toHaveText(`Label ${word}label`);
    await details(page).scrollIntoViewIfNeeded();
    await expectWithinWidth(details(page), 'the details');
    expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  });
});
