import { useRef, useState } from 'react';
import { useCatalog } from '@/lib/i18n';
import type { CourseStatsSearch } from '../params/course-stats-search';
import { triageCatalogs } from '../triage/strings';
import { SaveViewIcon, ToolText } from './icons';
import { SaveViewDialog } from './save-view-dialog';
import { viewsCatalogs } from './strings';
import { suggestViewName } from './view-suggestion';
import { ViewsMenu } from './views-menu';
import './views.css';

export interface CourseViewsToolsProps {
  courseId: number;
  search: CourseStatsSearch;
  courseName: string | null;
}

/** "Save view" and the "Views" menu, beside the statistics page's title. */
export function CourseViewsTools({ courseId, search, courseName }: CourseViewsToolsProps) {
  const texts = useCatalog(viewsCatalogs);
  const { quickFilterLabels } = useCatalog(triageCatalogs);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The status is the title line's last member, on a line of its own, so a message never widens the buttons' row.
  return (
    <>
      <div className="views-tools">
        <button
          ref={buttonRef}
          type="button"
          className="button views-tool"
          aria-haspopup="dialog"
          title={texts.saveView}
          onClick={() => {
            setStatus('');
            setSaving(true);
          }}
        >
          <SaveViewIcon />
          <ToolText>{texts.saveView}</ToolText>
        </button>
        <ViewsMenu courseId={courseId} />
        {saving && (
          <SaveViewDialog
            courseId={courseId}
            search={search}
            suggestion={suggestViewName({ courseId, courseName, search }, texts.suggestion, quickFilterLabels)}
            onSaved={(name) => setStatus(texts.saved(name))}
            onClose={() => {
              setSaving(false);
              buttonRef.current?.focus();
            }}
          />
        )}
      </div>
      {/* Empty, it takes no room; it stays in the page so that what it says next is announced. */}
      <p role="status" className={status ? 'views-status' : 'views-status visually-hidden'}>
        {status}
      </p>
    </>
  );
}
