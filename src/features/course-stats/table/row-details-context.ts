import { createContext } from 'react';

/** Opens the details panel for a table row; the opener gets focus back when the panel closes. */
export type OpenRowDetails = (rowId: string, opener: HTMLElement) => void;

export const RowDetailsContext = createContext<OpenRowDetails | null>(null);
