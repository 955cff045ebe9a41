import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backend = 'http://127.0.0.1:3000';

/**
 * `<link rel="modulepreload">` for the default language's texts (Russian), which main.tsx
 * imports dynamically before the first render: the browser fetches them with the entry's
 * chunks instead of after the entry has run, one round trip sooner (docs/decisions/022). A
 * visitor who chose English fetches these 25 KB too, once (the file is cached as immutable).
 */
function preloadDefaultTexts(): Plugin {
  return {
    name: 'p2p:preload-default-texts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const texts = Object.values(ctx.bundle ?? {}).find(
          (chunk) =>
            chunk.type === 'chunk' && /i18n[\\/]ru[\\/]first-load\.ts$/.test(chunk.facadeModuleId ?? ''),
        );
        if (!texts) throw new Error("the build has no chunk of the default language's texts");
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${texts.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * The stylesheets first in `<head>`, before the entry and its module preloads (Vite puts them
 * last). They block the first paint, the scripts do not: over HTTP/1.1's six connections a
 * phone otherwise fetched 17 scripts before the CSS, and the page's frame (index.html) waited
 * for them (docs/decisions/040).
 */
function stylesheetsFirst(): Plugin {
  return {
    name: 'p2p:stylesheets-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        const firstScript = html.indexOf('<script type="module"');
        if (sheets.length === 0 || firstScript < 0) return html;
        const rest = sheets.reduce((out, sheet) => out.replace(sheet, ''), html);
        const at = rest.indexOf('<script type="module"');
        return `${rest.slice(0, at)}${sheets.map((sheet) => sheet.trim()).join('\n    ')}\n    ${rest.slice(at)}`;
      },
    },
  };
}

/**
 * The first load's stylesheet inlined in `<head>` as a `<style>`: the page's frame (index.html)
 * is painted with the HTML alone, one round trip sooner than after a separate render-blocking
 * CSS request (docs/decisions/040, second addendum). The `<link>` stays, `disabled` (the browser
 * neither fetches nor applies it), because Vite's loader of lazy chunks adds a chunk's
 * stylesheets only when no `<link rel="stylesheet">` of that address is in the document: without
 * it, a lazy screen that shares the first load's styles would append them again, after its own,
 * and change the cascade. The CSP's `style-src` allows inline styles ('unsafe-inline').
 */
function inlineFirstStylesheet(): Plugin {
  return {
    name: 'p2p:inline-first-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const links = [...html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g)];
        if (links.length !== 1) throw new Error(`expected one first-load stylesheet, found ${links.length}`);
        const [link, fileName] = links[0] as RegExpMatchArray & [string, string];
        const asset = ctx.bundle?.[fileName];
        if (asset?.type !== 'asset') throw new Error(`the build has no stylesheet ${fileName}`);
        const css = String(asset.source).trim();
        if (/<\/style/i.test(css)) throw new Error(`${fileName} cannot be inlined: it holds "</style"`);
        const kept = link.replace('>', ' disabled>');
        return html.replace(link, () => `<style>${css}</style>\n    ${kept}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadDefaultTexts(), stylesheetsFirst(), inlineFirstStylesheet()],
  // `@/` points at src (see tsconfig paths).
  resolve: {
    tsconfigPaths: true,
    // Every `import … from 'zod'` (the app's and @p2p/shared's) gets zod set to jitless.
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps stay off the public server (docs/decisions/018).
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph, read by scripts/bundle-report.mjs. A dot
    // folder, which the static server never serves.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks cache better.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The app's own modules of the first load in one chunk: over HTTP/1.1 a phone
            // fetched 14 small ones in waves of six (docs/decisions/040, addendum).
            { name: 'app', test: /apps[\\/]web[\\/]src[\\/]|packages[\\/]shared[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
});
