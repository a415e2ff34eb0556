import { withHiddenColumns } from '../params/hidden-columns-param';
import type { SavedView } from './saved-views';

/**
 * Where a view opens: its page with `hide=` for its columns, which the page applies and then takes out of the
 * address. The menu, the course index and Copy link all use this one link.
 */
export function viewHref(view: Pick<SavedView, 'path' | 'hiddenColumns'>): string {
  return withHiddenColumns(view.path, view.hiddenColumns);
}

/** The link to share: absolute, so it opens the view in any browser (after signing in there). */
export function viewUrl(view: Pick<SavedView, 'path' | 'hiddenColumns'>, origin = window.location.origin): string {
  return new URL(viewHref(view), origin).href;
}
