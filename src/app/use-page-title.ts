import { useEffect } from 'react';
import { useCatalog } from '@/lib/i18n';
import { appCatalogs, type AppTexts } from './strings';

export function usePageTitle(page: keyof AppTexts['titles']): void {
  const texts = useCatalog(appCatalogs);
  const title = `${texts.titles[page]} · ${texts.appName}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
