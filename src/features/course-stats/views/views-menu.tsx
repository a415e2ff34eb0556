import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '@/components/copy-button';
import { useDisclosure } from '@/components/use-disclosure';
import { useCatalog } from '@/lib/i18n';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useSavedViews, viewHref, viewUrl, type SavedView } from './saved-views';
import { viewsCatalogs } from './strings';

/** A toolbar icon, drawn by `path`; on a phone it stands for its button's words, which screen readers still get. */
export function ToolIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** A toolbar button's words: shown beside its icon, but on a phone left to screen readers, so the title keeps its line. */
export function ToolText({ children }: { children: ReactNode }) {
  const phone = useMediaQuery(PHONE_QUERY);
  return <span className={phone ? 'visually-hidden' : undefined}>{children}</span>;
}

/** Copy link for one view, named by it for screen readers through its group. */
export function CopyViewLink({ view }: { view: SavedView }) {
  const texts = useCatalog(viewsCatalogs);
  return (
    <CopyButton
      label={texts.copyLink}
      getText={() => viewUrl(view)}
      copiedMessage={() => texts.linkCopied(view.name)}
      failedMessage={texts.copyFailed}
      fallbackLabel={texts.linkField}
    />
  );
}

/** The "Views" disclosure: this course's saved views as links (restoring columns too), each with Copy link. */
export function ViewsMenu({ courseId }: { courseId: number }) {
  const texts = useCatalog(viewsCatalogs);
  const views = useSavedViews(courseId);
  const { open, close, panelId, containerProps, buttonProps } = useDisclosure();
  return (
    <div {...containerProps} className="views-menu">
      <button {...buttonProps} className="button views-tool" title={texts.viewsMenu}>
        {/* A list with a down arrow. */}
        <ToolIcon path="M3 5h9M3 10h9M3 15h9M14.5 8.5l2 2 2-2" />
        <ToolText>{texts.viewsMenu}</ToolText>
      </button>
      <div id={panelId} className="views-menu-panel" hidden={!open}>
        {views.length === 0 ? (
          <p className="views-menu-empty">{texts.viewsEmpty}</p>
        ) : (
          <ul aria-label={texts.viewsOfCourse(courseId)} className="views-menu-list">
            {views.map((view) => (
              <li key={view.id}>
                <div role="group" aria-label={view.name} className="views-menu-item">
                  <Link to={viewHref(view)} className="views-menu-link" onClick={() => close({ returnFocus: true })}>
                    {view.name}
                  </Link>
                  <CopyViewLink view={view} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
