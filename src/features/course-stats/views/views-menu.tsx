import { Link } from 'react-router';
import { CopyButton } from '@/components/copy-button';
import { useDisclosure } from '@/components/use-disclosure';
import { useCatalog } from '@/lib/i18n';
import { ToolText, ViewsIcon } from './icons';
import type { SavedView } from './saved-views';
import { viewsCatalogs } from './strings';
import { useSavedViews } from './use-saved-views';
import { viewHref, viewUrl } from './view-link';

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

/**
 * The "Views" disclosure of the statistics page: this course's saved views as links named by the view (opening one
 * restores it, columns included), each with Copy link. Without views it says how to make one.
 */
export function ViewsMenu({ courseId }: { courseId: number }) {
  const texts = useCatalog(viewsCatalogs);
  const views = useSavedViews(courseId);
  const { open, close, panelId, containerProps, buttonProps } = useDisclosure();
  return (
    <div {...containerProps} className="views-menu">
      <button {...buttonProps} className="button views-tool" title={texts.viewsMenu}>
        <ViewsIcon />
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
