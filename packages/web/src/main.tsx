import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/routes.tsx';
import { configureZodWithoutEval } from './lib/zod-without-eval.ts';
import './styles.css';

// Before any page's schemas load: the CSP allows no eval (decision 017).
configureZodWithoutEval();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
