import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.CUTROOM_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/media': api,
      '/simulator': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  // The server-rendering bundle (dist-ssr, `vite build --ssr`) keeps npm packages external, read from
  // node_modules at run time; the workspace's TypeScript contracts are bundled in.
  ssr: { noExternal: ['@cutroom/contracts'] },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The first screen's code is one chunk (see below), the sum of what were eight small ones.
    chunkSizeWarningLimit: 450,
    rolldownOptions: {
      // Everything the entry imports statically goes into one chunk: left to itself the bundler split
      // it into seven small shared chunks, each a request a phone made before the page could start.
      output: {
        codeSplitting: { groups: [{ name: 'app', test: /[\\/]src[\\/]main\.tsx$/ }] },
      },
    },
  },
});
