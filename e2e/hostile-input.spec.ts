import { expect, test, type Page } from '@playwright/test';
import { expectShellIntact, openOnProxy, statRow, statsTable, STATS_PATH, GROUPS_PATH } from './fault-kit';
import { openShortcuts } from './courses-kit';
import { scriptUpstream, uniqueToken, upstreamRequests } from './support';

// Markup and script in everything the API returns and in the URL: shown as text, never run. Links only to
// absolute http(s) URLs. Ids the API could not take are refused before any request.

/** Each payload would call window.__xss (or alert) if it ever ran. */
const PAYLOADS = [
  '<script>window.__xss("script")</script>',
  '<img src=x onerror="window.__xss(\'img\')">',
  '"><svg onload=window.__xss("svg")>',
  "'><iframe src=\"javascript:window.__xss('iframe')\"></iframe>",
  '<a href="javascript:window.__xss(\'a\')">click me</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss("math")>',
  '<details open ontoggle=window.__xss("details")>',
  '{{constructor.constructor("window.__xss(\'tpl\')")()}} ${window.__xss("tpl")}',
  '&lt;b&gt;entity&lt;/b&gt; &amp; &#60;i&#62;',
  'javascript:window.__xss("scheme")',
  '<style>body{display:none}</style>',
  '\u202Eevil\u202C <b onmouseover=alert(1)>rtl</b>',
];
const at = (index: number) => PAYLOADS[index % PAYLOADS.length] ?? '';
/** How the app quotes a value from the URL in a message: at most 40 characters. */
const clipped = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** Records what would show that a payload ran: calls to __xss, dialogs, CSP reports, page errors. */
async function watchForExecution(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    const calls: string[] = [];
    Object.defineProperty(window, '__xssCalls', { value: calls });
    Object.defineProperty(window, '__xss', { value: (what: string) => calls.push(String(what)) });
    document.addEventListener('securitypolicyviolation', (event) => calls.push(`csp: ${event.violatedDirective}`));
  });
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return async () => {
    const calls = await page.evaluate(() => (window as unknown as { __xssCalls: string[] }).__xssCalls);
    // Nothing the payloads describe became an element.
    const injected = await page
      .locator(
        '#root script, #root iframe, #root img[src="x"], #root [onerror], #root [onload], #root [ontoggle], #root [onmouseover], #root math, #root style',
      )
      .count();
    return { calls, problems, injected };
  };
}

function hostileRows() {
  return PAYLOADS.map((payload, index) =>
    statRow(index + 1, {
      username: payload,
      user_email: at(index + 1),
      coursename: at(0),
      course_session_name: at(index + 2),
    }),
  );
}

function hostileGroups() {
  return PAYLOADS.map((payload, index) => ({
    id: index + 1,
    name: payload,
    group_id: null,
    labels: [{ description: at(index + 3), type: at(index + 5) }],
  }));
}

test('markup from the API in course statistics is shown as text and never runs', async ({ page }) => {
  const check = await watchForExecution(page);
  const token = uniqueToken('hostile-stats');
  await scriptUpstream(token, [
    { path: STATS_PATH, body: hostileRows() },
    { path: STATS_PATH, body: [] },
  ]);
  await openOnProxy(page, '/courses/1/stats?per_page=25', token);

  const table = statsTable(page);
  await expect(table.locator('tbody tr th button')).toHaveText(PAYLOADS);
  // Emails (under the names) and sessions, cell for cell.
  for (const [index] of PAYLOADS.entries()) {
    const row = table.locator('tbody tr').nth(index);
    await expect(row.getByText(at(index + 1), { exact: true })).toBeVisible();
    await expect(row.getByText(at(index + 2), { exact: true })).toBeVisible();
  }
  // The header's course switcher holds the name as the field's value: text, never markup.
  await expect(page.getByRole('combobox', { name: 'Course' })).toHaveValue(at(0));

  // The details panel shows every field, formatted and raw.
  await table.getByRole('button', { name: at(1), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(at(2), { exact: true }).first()).toBeVisible();
  await expect(dialog.getByText(at(3), { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // The course's name, remembered among recent courses, is text there too.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses', exact: true }).click();
  await openShortcuts(page);
  await expect(page.getByRole('link', { name: at(0), exact: true })).toBeVisible();

  expect(await check()).toEqual({ calls: [], problems: [], injected: 0 });
  await expectShellIntact(page);
});

test('markup from the API in label groups is shown as text and never runs', async ({ page }) => {
  const check = await watchForExecution(page);
  const token = uniqueToken('hostile-groups');
  await scriptUpstream(token, [
    { path: GROUPS_PATH, body: [] },
    { path: GROUPS_PATH, body: hostileGroups() },
  ]);
  await openOnProxy(page, '/label-groups', token);
  const tree = page.getByRole('tree', { name: 'Label groups' });
  await expect(tree).toBeVisible();
  await page.getByRole('button', { name: 'Expand all' }).click();
  for (const [index, payload] of PAYLOADS.entries()) {
    await expect(tree.getByText(payload, { exact: true }).first(), `group ${index + 1}`).toBeVisible();
  }
  // Selecting an item shows its details, still as text.
  await tree.getByRole('treeitem').nth(1).click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details.getByText(at(3), { exact: true })).toBeVisible();
  await expect(details.getByText(at(5), { exact: true })).toBeVisible();

  // A filter typed with markup is a search for that text.
  await page.getByLabel('Filter labels').fill(at(1));
  await expect(tree.getByText(at(1), { exact: true }).first()).toBeVisible();

  expect(await check()).toEqual({ calls: [], problems: [], injected: 0 });
  await expectShellIntact(page);
});

test('markup in the URL parameters is shown as text and never runs', async ({ page }) => {
  const check = await watchForExecution(page);
  const token = uniqueToken('hostile-url');
  await scriptUpstream(token, [
    { path: GROUPS_PATH, body: [] },
    { path: GROUPS_PATH, body: hostileGroups(), times: 5 },
  ]);
  await openOnProxy(page, `/courses/${encodeURIComponent(at(1))}/stats`, token);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This address does not name a course.');
  await expect(alert).toContainText(`“${clipped(at(1))}” is not a course ID.`);

  const query = new URLSearchParams({
    user_id: at(0),
    course_session_id: at(2),
    page: at(4),
    per_page: at(3),
    sort: at(6),
    extra: at(5),
  });
  await page.goto(`${new URL(page.url()).origin}/courses/1/stats?${query.toString()}`);
  const corrections = page.getByRole('status').filter({ hasText: 'Some values in the link were corrected.' });
  await expect(corrections).toContainText(`The link's User ID “${clipped(at(0))}” is not a valid ID`);
  await expect(corrections).toContainText(`The link's sorting “${clipped(at(6))}” is not available`);
  await expect(statsTable(page).locator('tbody tr th')).toHaveCount(10);
  // Our parameters are tidied away; a parameter that is not ours is left alone, as inert text in the URL.
  await expect(page).toHaveURL(/\/courses\/1\/stats\?extra=[^&]+$/);

  await page.goto(`${new URL(page.url()).origin}/label-groups?q=${encodeURIComponent(at(1))}`);
  await expect(page.getByLabel('Filter labels')).toHaveValue(at(1));
  await expect(
    page.getByRole('tree', { name: 'Label groups' }).getByText(at(1), { exact: true }).first(),
  ).toBeVisible();

  const sent = await upstreamRequests(token);
  for (const request of sent) {
    for (const value of Object.values(request.query)) expect(PAYLOADS).not.toContain(value);
  }
  expect(await check()).toEqual({ calls: [], problems: [], injected: 0 });
});

test('certificate links: only absolute http(s) URLs become links', async ({ page }) => {
  const check = await watchForExecution(page);
  const certificates: Array<[string, string | null]> = [
    ['https://files.example.com/ok.pdf', 'https://files.example.com/ok.pdf'],
    ['http://files.example.com/plain.pdf', 'http://files.example.com/plain.pdf'],
    ['HTTPS://FILES.EXAMPLE.COM/Upper.pdf', 'https://files.example.com/Upper.pdf'],
    ['HtTp://files.example.com/mixed.pdf', 'http://files.example.com/mixed.pdf'],
    ['javascript:window.__xss("cert")', null],
    ['JaVaScRiPt:window.__xss("cert")', null],
    ['  javascript:window.__xss("cert")', null],
    ['java\tscript:window.__xss("cert")', null],
    ['data:text/html,<script>window.__xss("cert")</script>', null],
    ['DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', null],
    ['vbscript:msgbox(1)', null],
    ['VBScript:msgbox(1)', null],
    ['/certificates/1.pdf', null],
    ['certificates/1.pdf', null],
    ['../../etc/passwd', null],
    ['//evil.example/cert.pdf', null],
    ['\\\\evil.example\\cert.pdf', null],
    [' https://files.example.com/padded.pdf ', null],
    ['\nhttps://files.example.com/newline.pdf', null],
    ['https:files.example.com/no-slashes.pdf', null],
    ['https://user:pass@files.example.com/creds.pdf', null],
    ['ftp://files.example.com/cert.pdf', null],
    ['', null],
  ];
  const rows = certificates.map(([cert_file], index) =>
    statRow(index + 1, { username: `Cert ${index + 1}`, cert_file }),
  );
  const token = uniqueToken('certs');
  await scriptUpstream(token, [
    { path: STATS_PATH, body: rows },
    { path: STATS_PATH, body: [] },
  ]);
  await openOnProxy(page, '/courses/1/stats?per_page=25', token);
  const table = statsTable(page);
  await expect(table.locator('tbody tr th')).toHaveCount(certificates.length);

  for (const [index, [value, href]] of certificates.entries()) {
    const row = table
      .locator('tbody tr')
      // The row header holds the name (its button) and the email under it.
      .filter({ has: page.getByRole('button', { name: `Cert ${index + 1}`, exact: true }) });
    const links = row.getByRole('link');
    if (href === null) {
      await expect(links, JSON.stringify(value)).toHaveCount(0);
    } else {
      await expect(links, JSON.stringify(value)).toHaveCount(1);
      await expect(links).toHaveAttribute('href', href);
      await expect(links).toHaveAttribute('rel', 'noopener noreferrer');
    }
  }
  // Nowhere on the page, details panel included, is there a link with a script or data scheme.
  await table.getByRole('button', { name: 'Cert 5', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(
    await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')),
  ).not.toContainEqual(expect.stringMatching(/^\s*(javascript|data|vbscript):/i));
  // Every certificate link, table and details panel, points to an absolute http(s) URL.
  const certificateLinks = page.getByRole('link', { name: 'Certificate', exact: true });
  expect(await certificateLinks.count()).toBe(certificates.filter(([, href]) => href !== null).length);
  for (const href of await certificateLinks.evaluateAll((links) =>
    links.map((link) => (link as HTMLAnchorElement).href),
  )) {
    expect(new URL(href).protocol, href).toMatch(/^https?:$/);
  }
  expect(await check()).toEqual({ calls: [], problems: [], injected: 0 });
});

const BAD_IDS: Array<[string, RegExp]> = [
  ['abc', /must be a whole number greater than 0/],
  ['-5', /must be a whole number greater than 0/],
  ['+12', /must be a whole number greater than 0/],
  ['0', /must be greater than 0/],
  ['000', /must be greater than 0/],
  ['1.5', /must be a whole number greater than 0/],
  ['1e3', /must be a whole number greater than 0/],
  ['0x1f', /must be a whole number greater than 0/],
  ['１２', /must be a whole number greater than 0/],
  ['9007199254740992', /is too large/],
  ['99999999999999999999999', /is too large/],
  ['012', /must not start with 0/],
  // Spaces around an id are trimmed (a paste brings them); spaces inside one are refused.
  ['1 2', /must not contain spaces/],
];

test('the form refuses ids the API could not take, with a message, and sends nothing', async ({ page }) => {
  // Some 45 rounds of fill, submit and three checks: on a loaded 2-core machine they took more than the default 30 s.
  test.setTimeout(90_000);
  const token = uniqueToken('bad-form');
  await openOnProxy(page, '/courses', token);
  await openShortcuts(page);
  const courseId = page.getByRole('textbox', { name: 'Course ID' });
  for (const [value, message] of BAD_IDS) {
    await courseId.fill(value);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(courseId, JSON.stringify(value)).toHaveAttribute('aria-invalid', 'true');
    await expect(courseId).toHaveAccessibleDescription(message);
    await expect(page).toHaveURL(/\/courses$/);
  }

  // The same rule for the filters of a course's statistics.
  await courseId.fill('1');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/courses\/1\/stats$/);
  await expect(statsTable(page).locator('tbody tr th')).toHaveCount(10);
  // Only this page's statistics requests (10 rows a page) are the form's: the overview signed in on read whole
  // courses at 100 a page, and the session filter asks for the course's sessions whenever it gets to it.
  const statsOf = (sent: Awaited<ReturnType<typeof upstreamRequests>>) =>
    sent.filter((request) => request.path.endsWith('/course_stats') && request.query.per_page === '10');
  // Page 1 is full, so the app prefetches page 2: let that settle before counting what reaches the API.
  await expect
    .poll(async () => statsOf(await upstreamRequests(token)).some((request) => request.query.page === '2'))
    .toBe(true);
  const before = statsOf(await upstreamRequests(token)).length;
  // The Session and Course fields take a name or an ID: text with a letter is a name (the name of no session; a
  // course searched for, which is no mistake), and a number that is no ID is refused by the same rule.
  const isName = (value: string) => /\p{L}/u.test(value);
  const show = () => page.getByRole('button', { name: 'Show' }).click();
  const fields = [
    { name: 'User ID', input: page.getByRole('textbox', { name: 'User ID' }), submit: show, forName: undefined },
    { name: 'Session', input: page.getByRole('combobox', { name: 'Session' }), submit: show, forName: /No session/ },
    {
      name: 'Course',
      input: page.getByRole('combobox', { name: 'Course' }),
      submit: () => page.keyboard.press('Enter'),
      forName: null,
    },
  ];
  for (const { name, input, submit, forName } of fields) {
    for (const [value, message] of BAD_IDS) {
      const expected = isName(value) && forName !== undefined ? forName : message;
      if (expected === null) continue;
      await input.fill(value);
      await submit();
      await expect(input, `${name} ${JSON.stringify(value)}`).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAccessibleDescription(expected);
      await expect(page).toHaveURL(/\/courses\/1\/stats$/);
    }
    await input.fill('');
  }
  const sent = statsOf(await upstreamRequests(token));
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.slice(before)).toEqual([]);
});

test('the URL refuses ids the API could not take, with a message, and sends nothing', async ({ page }) => {
  // Two full page loads for every bad id: on a busy machine that takes more than the default 30 s.
  test.slow();
  const token = uniqueToken('bad-url');
  // Signed in on course 1's page, not on the overview, which would read every course's statistics.
  await openOnProxy(page, '/courses/1/stats', token);
  const origin = new URL(page.url()).origin;
  for (const [value, message] of BAD_IDS) {
    await page.goto(`${origin}/courses/${encodeURIComponent(value)}/stats`);
    const alert = page.getByRole('alert');
    await expect(alert, JSON.stringify(value)).toContainText('This address does not name a course.');
    await expect(alert).toContainText(message);
  }
  for (const [value] of BAD_IDS) {
    await page.goto(
      `${origin}/courses/1/stats?user_id=${encodeURIComponent(value)}&course_session_id=${encodeURIComponent(value)}`,
    );
    const corrections = page.getByRole('status').filter({ hasText: 'Some values in the link were corrected.' });
    await expect(corrections, JSON.stringify(value)).toContainText('is not a valid ID, so that filter was removed');
    await expect(page).toHaveURL(/\/courses\/1\/stats$/);
    await expect(statsTable(page).locator('tbody tr th')).toHaveCount(10);
  }
  const sent = (await upstreamRequests(token)).filter((request) => request.path.endsWith('/course_stats'));
  // Only course 1 was ever asked for, and never with a filter.
  expect(new Set(sent.map((request) => request.path))).toEqual(new Set(['/endpoint/v1/courses/1/course_stats']));
  for (const request of sent) {
    expect(request.query.user_id).toBeUndefined();
    expect(request.query.course_session_id).toBeUndefined();
  }
});
