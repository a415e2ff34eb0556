import type { ParseReport } from '@contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocaleProvider, type Locale } from '@/lib/i18n';
import { ParseReportNotice } from './parse-report-notice';

const clean: ParseReport = { received: 3, accepted: 3, rejected: [], dropped: [] };

/** Three rows, each with a `labels` field; two of them with a `vendor.colour` too. */
const withExtraFields: ParseReport = {
  ...clean,
  dropped: [
    { index: 0, id: 1, path: 'labels', reason: 'field not in the spec' },
    { index: 1, id: 2, path: 'labels', reason: 'field not in the spec' },
    { index: 2, id: 3, path: 'labels', reason: 'field not in the spec' },
    { index: 0, id: 1, path: 'vendor[0].colour', reason: 'field not in the spec' },
    { index: 1, id: 2, path: 'vendor[1].colour', reason: 'field not in the spec' },
  ],
};

const renderNotice = (report: ParseReport, locale: Locale = 'en') =>
  render(
    <LocaleProvider initial={locale}>
      <ParseReportNotice report={report} itemNoun="row" />
    </LocaleProvider>,
  );

describe('ParseReportNotice', () => {
  it('says nothing of a clean answer', () => {
    const { container } = renderNotice(clean);
    expect(container).toBeEmptyDOMElement();
  });

  it('names fields the API added on one line, closed, and opens on how many rows carried each', async () => {
    renderNotice(withExtraFields);
    const note = screen.getByRole('status');
    expect(note).not.toHaveClass('alert');
    const summary = note.querySelector('summary');
    expect(summary).toHaveTextContent('Fields not in the API description were ignored: labels, vendor[].colour');
    const details = note.querySelector('details');
    expect(details).not.toHaveAttribute('open');

    await userEvent.click(screen.getByText('Fields not in the API description were ignored:', { exact: false }));
    expect(details).toHaveAttribute('open');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'labels on 3 rows',
      'vendor[].colour on 2 rows',
    ]);
    expect(note).toHaveTextContent('nothing is missing from the figures');
  });

  it('keeps a warning box when items were left out, with the added fields in it', () => {
    renderNotice({
      ...withExtraFields,
      accepted: 2,
      rejected: [{ index: 1, id: 2, path: 'score', reason: 'expected number, received string' }],
    });
    const box = screen.getByRole('status');
    expect(box).toHaveClass('alert', 'alert-warning');
    expect(box).toHaveTextContent('1 row left out: the API sent it in an unexpected shape.');
    expect(screen.getByRole('listitem')).toHaveTextContent('row id 2: score expected number, received string');
    expect(box).toHaveTextContent('Fields not in the API description were ignored: labels, vendor[].colour');
    expect(box.querySelector('details')).toBeNull();
  });

  it('speaks Russian', async () => {
    renderNotice(withExtraFields, 'ru');
    await userEvent.click(screen.getByText('Поля, которых нет в описании API, пропущены:', { exact: false }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'labels (строк с этим полем: 3)',
      'vendor[].colour (строк с этим полем: 2)',
    ]);
  });
});
