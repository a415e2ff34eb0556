import { cleanViewName, sameName, VIEW_NAME_MAX, type SavedView } from './saved-views';
import type { ViewsTexts } from './strings';

export type ViewNameCheck =
  { ok: false; problem: 'empty' | 'too-long'; length: number } | { ok: true; name: string; sameAs: SavedView | null };

/**
 * A typed view name as it would be saved, and the view of the course (other than `exceptId`) it already names, if
 * any: saving replaces that one, renaming is refused.
 */
export function checkViewName(
  typed: string,
  { courseId, views, exceptId }: { courseId: number; views: readonly SavedView[]; exceptId?: string },
): ViewNameCheck {
  const name = cleanViewName(typed);
  if (name === null) {
    const length = typed.trim().replace(/\s+/g, ' ').length;
    return { ok: false, problem: length === 0 ? 'empty' : 'too-long', length };
  }
  const sameAs = views.find((view) => view.id !== exceptId && sameName(view, courseId, name)) ?? null;
  return { ok: true, name, sameAs };
}

export function viewNameProblemText(check: ViewNameCheck, texts: ViewsTexts): string | null {
  if (check.ok) return null;
  return check.problem === 'empty' ? texts.nameEmpty : texts.nameTooLong(VIEW_NAME_MAX, check.length);
}
