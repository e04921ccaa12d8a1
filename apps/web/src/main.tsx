import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { prepareHydration } from './app/hydrate-state';
import { Providers } from './app/providers';
import { createRouter, routes } from './app/router';
import { queryClient } from './lib/query-client';
import './styles.css';

// Not a top-level await: one would stop the bundler from merging shared chunks into this entry.
async function start() {
  const container = document.getElementById('root')!;
  // Public pages arrive rendered by the server: the app takes them over; other screens render here.
  const serverRendered = await prepareHydration(queryClient, routes);
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>
  );
  if (serverRendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
