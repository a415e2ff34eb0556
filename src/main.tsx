import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme } from '@/lib/theme';
import { App } from './app/app';
import './app/styles.css';

// Before the first render, so a chosen theme never flashes the other one.
applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
