import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.CUTROOM_API ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
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
  // The server-rendering bundle (dist-ssr, `vite build --ssr`) holds every package it uses, built for
  // production: left external, React picked its development build whenever the server ran without
  // NODE_ENV=production (the README's `npm start`), and rendered pages several times slower.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    target: 'es2022',
    // Every browser the target covers preloads modules natively; the polyfill only kept the entry apart.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // The first screen's code is one chunk (see below), the sum of what were eight small ones.
    chunkSizeWarningLimit: 450,
    rolldownOptions: {
      // Everything the entry imports statically goes into one chunk: left to itself the bundler split
      // it into seven small shared chunks, each a request a phone made before the page could start.
      output: {
        codeSplitting: isSsrBuild
          ? undefined
          : {
              groups: [
                { name: 'index', test: /[\\/]src[\\/]main\.tsx$/ },
                // The admin dashboard's chart (Recharts, ~450 kB) in two chunks under the size limit:
                // its d3 scales and shapes apart. Only that chart imports them, so no other page loads either.
                { name: 'chart-scales', test: /[\\/]node_modules[\\/](d3-[^\\/]+|victory-vendor)[\\/]/ },
              ],
            },
      },
    },
  },
}));
