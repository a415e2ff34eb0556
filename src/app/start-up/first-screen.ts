import { sharedCatalogs } from '@/components/shared-strings';
import { NAME_COLLATION, NEEDS_ATTENTION } from '@/course/health-order';
import { CARD_FIGURES, FIRST_SEARCH_ID, ROW_HEIGHT, WIDTHS } from '@/features/overview/overview-layout';
import { HEALTH_COLUMNS } from '@/features/overview/overview-url';
import { overviewCatalogs, type OverviewTexts } from '@/features/overview/strings';
import { LOCALE_NAMES, LOCALES, type Locale } from '@/lib/locale';
import { pathTo } from '@/lib/routes';
import { THEMES } from '@/lib/theme';
import { appCatalogs } from '../strings';

// The account overview's first screen as markup, for the page's first script to paint before the app has run
// (first-rows.ts): the app's own first render, written out in its classes, its sizes (overview-layout.ts) and its
// words (the catalogs). Its buttons, selects and checkbox are inert until the app's replace them: a click there would
// do nothing, and a choice made there would be lost (what is typed into the search box is kept: typed-before-start.ts).
// Its links work. Sizes go in data attributes: the page's policy refuses style attributes in markup, and
// first-rows.ts sets them through each element's style, as React does.

const PER_PAGE = 100;
/** Rows painted: what a laptop's screen holds; the rest of the first page is the table's spacer, as in the app's. */
const TABLE_ROWS = 20;
/** Cards painted: what a phone's screen holds, and as many again. */
const CARDS = 8;

export interface ListedCourse {
  id: number;
  name: string;
}

/** The courses of a first page, if every item has what a row needs: a positive whole id and a name. Else null. */
export function listedCourses(text: string): ListedCourse[] | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(body)) return null;
  const courses: ListedCourse[] = [];
  for (const item of body as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { id, name } = item as { id?: unknown; name?: unknown };
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || typeof name !== 'string') return null;
    courses.push({ id, name });
  }
  return courses;
}

const collators = new Map<Locale, Intl.Collator>();
/** The overview's collator (health-order.ts, nameRanks), one per language. */
export function collator(locale: Locale): Intl.Collator {
  let names = collators.get(locale);
  if (names === undefined) {
    names = new Intl.Collator(locale, NAME_COLLATION);
    collators.set(locale, names);
  }
  return names;
}

/** The order the overview opens in with no figures read: by name as its collator compares them, then by id. */
export function byName(courses: readonly ListedCourse[], locale: Locale): ListedCourse[] {
  const names = collator(locale);
  return [...courses].sort((a, b) => names.compare(a.name, b.name) || a.id - b.id);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

export interface FirstScreen {
  courses: readonly ListedCourse[];
  /** The `Total` header, when it is a whole number. */
  total: number | null;
  locale: Locale;
  theme: string;
  phone: boolean;
}

function shell(locale: Locale, theme: string, main: string): string {
  const app = appCatalogs[locale];
  const shared = sharedCatalogs[locale];
  const options = (values: readonly string[], label: (value: string) => string, chosen: string, lang = false) =>
    values
      .map(
        (value) =>
          `<option value="${esc(value)}"${lang ? ` lang="${esc(value)}"` : ''}${value === chosen ? ' selected' : ''}>${esc(label(value))}</option>`,
      )
      .join('');
  const themes: Record<string, string> = shared.preferences.themes;
  return (
    `<div class="shell" data-first-rows=""><a class="skip-link" href="#main">${esc(app.skipToContent)}</a>` +
    `<header class="shell-header"><span class="shell-brand">${esc(shared.brand)}</span>` +
    `<nav aria-label="${esc(app.mainNav)}" class="shell-nav"><a aria-current="page" class="active" href="${pathTo('courses')}">${esc(app.navCourseStats)}</a>` +
    `<a class="" href="${pathTo('labelGroups')}">${esc(app.titles.labelGroups)}</a></nav>` +
    `<div class="shell-menu"><button inert type="button" aria-expanded="false" class="button shell-menu-button">` +
    `<svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false"><path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg>` +
    `<span class="visually-hidden">${esc(app.menu)}</span></button><div class="shell-tools"><div class="preferences">` +
    `<label for="first-rows-language">${esc(shared.preferences.language)}</label><select inert id="first-rows-language" class="input">${options(LOCALES, (value) => LOCALE_NAMES[value as Locale], locale, true)}</select>` +
    `<label for="first-rows-theme">${esc(shared.preferences.theme)}</label><select inert id="first-rows-theme" class="input">${options(THEMES, (value) => themes[value] ?? value, theme)}</select></div>` +
    `<a class="shell-device-link" href="${pathTo('device')}">${esc(app.titles.device)}</a><button inert type="button" class="button">${esc(app.signOut)}</button></div></div></header>` +
    `<div role="status"></div><main id="main" class="shell-main" tabindex="-1">${main}</main></div>`
  );
}

function unread(texts: OverviewTexts): string {
  return `<span class="overview-unread"><span aria-hidden="true">…</span><span class="visually-hidden">${esc(texts.notRead)}</span></span>`;
}

function nameCell(course: ListedCourse, texts: OverviewTexts): string {
  const name = course.name.trim() === '' ? texts.unnamed(course.id) : course.name;
  return (
    `<span class="overview-name"><a href="${pathTo('courseStats', { courseId: course.id })}">${esc(name)}</a> ` +
    `<span class="muted">${esc(texts.courseId(course.id))}</span></span>`
  );
}

function table(courses: readonly ListedCourse[], texts: OverviewTexts): string {
  const width = HEALTH_COLUMNS.reduce((sum, column) => sum + WIDTHS[column], 0);
  const cols = HEALTH_COLUMNS.map((column) => `<col data-width="${WIDTHS[column]}rem">`).join('');
  const heads = HEALTH_COLUMNS.map(
    (column) =>
      `<th scope="col" class="${column === 'name' ? 'is-clipped' : 'align-end'}"><button inert type="button" class="data-table-sort">` +
      `${esc(texts.columns[column])}<span class="data-table-sort-icon is-none" aria-hidden="true">↕</span></button></th>`,
  ).join('');
  const shown = courses.slice(0, TABLE_ROWS);
  const cells = HEALTH_COLUMNS.slice(1)
    .map(() => `<td class="align-end">${unread(texts)}</td>`)
    .join('');
  const rows = shown
    .map(
      (course, index) =>
        `<tr aria-rowindex="${index + 2}" data-row-id="${course.id}"><th scope="row" class="is-clipped">${nameCell(course, texts)}</th>${cells}</tr>`,
    )
    .join('');
  const rest = courses.length - shown.length;
  const spacer =
    rest > 0
      ? `<tr class="data-table-spacer" aria-hidden="true"><td colspan="${HEALTH_COLUMNS.length}" data-height="${rest * ROW_HEIGHT}px"></td></tr>`
      : '';
  return (
    `<div class="data-table-scroll is-virtual" role="region" aria-label="${esc(texts.tableLabel)}" aria-busy="false" tabindex="0">` +
    `<table class="data-table is-virtual" aria-rowcount="${courses.length + 1}" data-width="${width}rem" data-row-height="${ROW_HEIGHT}px">` +
    `<caption class="visually-hidden">${esc(texts.tableLabel)}</caption><colgroup>${cols}</colgroup>` +
    `<thead><tr aria-rowindex="1">${heads}</tr></thead><tbody>${rows}${spacer}</tbody></table></div>`
  );
}

function cards(courses: readonly ListedCourse[], texts: OverviewTexts): string {
  const facts = CARD_FIGURES.map(
    (column) => `<div><dt>${esc(texts.columns[column])}</dt><dd>${unread(texts)}</dd></div>`,
  ).join('');
  const items = courses
    .slice(0, CARDS)
    .map(
      (course) =>
        `<li class="overview-card"><h3 class="overview-card-name">${nameCell(course, texts)}</h3><dl class="overview-card-facts">${facts}</dl></li>`,
    )
    .join('');
  return `<div class="overview-cards"><ul aria-label="${esc(texts.tableLabel)}">${items}</ul></div>`;
}

/** The page the app's first render shows on a visit with nothing kept, once the list's first page is in. */
export function firstScreenHtml({ courses, total, locale, theme, phone }: FirstScreen): string {
  const texts = overviewCatalogs[locale];
  const ordered = byName(courses, locale);
  const complete = courses.length < PER_PAGE || (total !== null && courses.length >= total);
  const status = [
    ...(complete ? [] : [texts.listReading(courses.length, total)]),
    ...(courses.length > 0 ? [texts.healthReading(0, courses.length, null)] : []),
  ].join(' ');
  const pause =
    courses.length > 0 ? ` <button inert type="button" class="button-link">${esc(texts.pause)}</button>` : '';
  const options = HEALTH_COLUMNS.map((column) => {
    const desc = column !== 'name';
    return `<option value="${column}.${desc ? 'desc' : 'asc'}">${esc(texts.columnOrder(column, desc))}</option>`;
  }).join('');
  const rule = esc(texts.attentionRule(NEEDS_ATTENTION));
  const exportButton =
    courses.length > 0 && !phone
      ? `<span class="overview-export"><button inert type="button" class="button">${esc(texts.exportCsv)}</button><span aria-live="polite" class="overview-export-status"></span></span>`
      : '';
  const main =
    `<section class="overview" aria-labelledby="first-rows-title"><div class="overview-head"><h1 id="first-rows-title">${esc(appCatalogs[locale].titles.courses)}</h1>` +
    `<button inert type="button" class="button" aria-expanded="false">${esc(texts.shortcuts)}</button></div>` +
    `<div class="field overview-search"><label for="${FIRST_SEARCH_ID}">${esc(texts.searchLabel)}</label>` +
    // What is typed here before the app has started is its search when it does (typed-before-start.ts).
    `<input placeholder="${esc(texts.searchPlaceholder)}" spellcheck="false" id="${FIRST_SEARCH_ID}" autocomplete="off" type="search" value=""></div>` +
    `<div class="overview-bar"><p class="overview-status"><span role="status">${esc(status)}</span>${pause}</p>` +
    `<div class="overview-order"><label for="first-rows-order">${esc(texts.orderLabel)}</label><select inert id="first-rows-order" title="${rule}">` +
    `<option value="">${esc(texts.needsAttention)}</option>${options}</select>` +
    `<details inert class="help-toggle overview-order-help"><summary><span aria-hidden="true">?</span><span class="visually-hidden">${esc(texts.aboutOrder)}</span></summary>` +
    `<p class="field-hint">${rule}</p></details></div>${exportButton}</div>` +
    `<p class="overview-keep"><label><input type="checkbox" inert> ${esc(texts.keep)}</label> <span class="${phone ? 'visually-hidden' : 'muted'}">${esc(texts.keepHint)}</span>` +
    `${phone ? '' : ` <a href="${pathTo('device')}">${esc(texts.storedLink)}</a>`}</p>` +
    (ordered.length > 0
      ? `<div class="overview-rows">${phone ? cards(ordered, texts) : table(ordered, texts)}</div>`
      : '') +
    `</section>`;
  return shell(locale, theme, main);
}
