import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // Scan every source file up front so the dev server never discovers a dependency
  // mid-session and reloads the page.
  optimizeDeps: { entries: ['index.html', 'src/**/*.tsx'] },
  server: { host: '127.0.0.1', port: Number(process.env.SITE_PORT ?? 5173), strictPort: true },
  preview: { host: '127.0.0.1', port: Number(process.env.SITE_PORT ?? 4173), strictPort: true },
  build: { target: 'es2022', sourcemap: true },
});
