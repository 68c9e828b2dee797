import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const apiPort = 3000;
const proxied = ['/api', '/auth/v1', '/functions', '/health', '/metrics', '/dev'];

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { target: 'es2022', assetsInlineLimit: 0 },
  server: {
    // `npm run dev`: Vite serves the web app with HMR, the API runs on its own port.
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, `http://127.0.0.1:${apiPort}`])),
  },
});
