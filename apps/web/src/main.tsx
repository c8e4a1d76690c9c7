import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './providers';
import { createAppRouter } from './router';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const router = createAppRouter();
const queryClient = createQueryClient();

createRoot(root).render(
  <StrictMode>
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
