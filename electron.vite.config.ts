import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// Our folders are not electron-vite's defaults, so every entry is explicit. Its target table stops
// at Electron 44; Electron 45 ships Node 24 and Chromium 156.
export default defineConfig({
  main: {
    build: {
      target: 'node24',
      outDir: 'out/main',
      // The default, said out loud: `dependencies` stay imports of node_modules, so libsql finds its
      // prebuilt N-API binding (@libsql/<platform>) there instead of being bundled without it.
      externalizeDeps: true,
      lib: { entry: resolve('electron/main/index.ts') },
    },
  },
  preload: {
    build: {
      target: 'node24',
      outDir: 'out/preload',
      lib: { entry: resolve('electron/preload/index.ts'), formats: ['cjs'] },
      rollupOptions: { output: { entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve('renderer'),
    plugins: [react()],
    build: {
      target: 'chrome156',
      // electron-vite leaves the renderer unminified by default; a kiosk box parses it at every start.
      minify: true,
      outDir: resolve('out/renderer'),
      rollupOptions: { input: resolve('renderer/index.html') },
    },
  },
});
