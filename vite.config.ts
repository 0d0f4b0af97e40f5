import { defineConfig, loadEnv, type IndexHtmlTransformContext, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * robots.txt, made from the environment: the public pages are open to crawlers, the private
 * ones (staff, sign-in, a guest's booking, waitlist and payment links, reservation details)
 * are not, and `Sitemap:` names the `sitemap` edge function (supabase/functions/sitemap),
 * which lists the organizations' pages at request time (a static SPA cannot). A sitemap on
 * the API's host is allowed because this robots.txt declares it. Served by the dev server and
 * written into the build (dist/robots.txt); docs/FRONTEND.md, "robots.txt and the sitemap".
 */
function robotsTxt(supabaseUrl: string | undefined): string {
  const api = supabaseUrl?.trim().replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /auth',
    'Disallow: /booking/',
    'Disallow: /waitlist/',
    'Disallow: /pay/',
    'Disallow: /reservation-details',
    ...(api && /^https?:\/\//.test(api) ? ['', `Sitemap: ${api}/functions/v1/sitemap`] : []),
    '',
  ].join('\n');
}

function robots(): Plugin {
  let text = '';
  return {
    name: 'supperhost-robots-txt',
    configResolved(config) {
      text = robotsTxt(config.env.VITE_SUPABASE_URL as string | undefined);
    },
    configureServer(server) {
      server.middlewares.use('/robots.txt', (_req, res) => {
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end(text);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: text });
    },
  };
}

/**
 * The public pages' code, asked for with the app's own: index.html's first script adds
 * `<link rel="modulepreload">` for the route chunk of the page being opened (and its static
 * imports the entry does not already preload), so it downloads alongside the entry instead of
 * after it has run. This fills in that script's `var files = {};` with the chunk files of each
 * public route. Build only (the dev server serves modules unbundled).
 */
function publicRoutePreloads(): Plugin {
  const routes: Record<string, string> = {
    home: 'src/app/routes/home.tsx',
    supperClub: 'src/app/routes/supper-club.tsx',
    dinnerSeries: 'src/app/routes/dinner-series.tsx',
    orgPage: 'src/app/routes/org-page.tsx',
  };
  let base = '/';
  return {
    name: 'supperhost-public-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html: string, ctx: IndexHtmlTransformContext) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return html;
        const closure = (fileName: string, seen = new Set<string>()) => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          for (const imported of chunks.find((c) => c.fileName === fileName)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const preloaded = closure(entry.fileName);
        const files: Record<string, string[]> = {};
        for (const [name, module] of Object.entries(routes)) {
          const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${module}`));
          if (!chunk) throw new Error(`publicRoutePreloads: no chunk for ${module}`);
          files[name] = [...closure(chunk.fileName)].filter((f) => !preloaded.has(f)).map((f) => `${base}${f}`);
        }
        if (!html.includes('var files = {};')) throw new Error('publicRoutePreloads: index.html has no `var files = {};`');
        return html.replace('var files = {};', `var files = ${JSON.stringify(files)};`);
      },
    },
  };
}

/**
 * The browser's key is VITE_SUPABASE_PUBLISHABLE_KEY; a build still configured with the legacy
 * VITE_SUPABASE_ANON_KEY gets that one under the new name (in the code and in index.html's
 * `%VITE_SUPABASE_PUBLISHABLE_KEY%`).
 */
function publishableKeyFallback(mode: string): Record<string, string> {
  const env = loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_');
  if (env.VITE_SUPABASE_PUBLISHABLE_KEY?.trim() || !env.VITE_SUPABASE_ANON_KEY?.trim()) return {};
  return { 'import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY': JSON.stringify(env.VITE_SUPABASE_ANON_KEY.trim()) };
}

/**
 * react-router's package exports name its development build for every condition, production
 * builds included (its own dist/production is shipped beside it but not exported): the build
 * takes the production one, without the development warnings (~0.5 kB gzip before every page's
 * first render). Every import of the package goes to the same build. The dev server and the
 * tests keep the development build.
 */
function reactRouterProduction(): { find: RegExp; replacement: string }[] {
  const dist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
  return [
    { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command, mode }) => ({
  define: publishableKeyFallback(mode),
  plugins: [react(), robots(), publicRoutePreloads()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...(command === 'build' ? reactRouterProduction() : [])],
  },
  // Scan every source file up front so the dev server never discovers a dependency
  // mid-session and reloads the page.
  optimizeDeps: { entries: ['index.html', 'src/**/*.tsx'] },
  server: { host: '127.0.0.1', port: Number(process.env.SITE_PORT ?? 5173), strictPort: true },
  preview: { host: '127.0.0.1', port: Number(process.env.SITE_PORT ?? 4173), strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Every browser the site supports preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page needs, in one file rather than five (one gzip stream compresses
            // better than several small ones: docs/BENCHMARKS.md). Not react-query's mutations,
            // which no public page makes before its first render, nor lucide-react's icon
            // runtime, which the org page and the dinner series do without.
            {
              name: 'framework',
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](query-core|react-query))[\\/]/.test(id) &&
                !/[\\/](useMutation|useMutationState|mutationObserver)\.js$/.test(id),
            },
            // Small app modules of every public page (env, money, page title, spinner).
            { name: 'shared', test: /src[\\/](config[\\/](env|site)|lib[\\/](money|booking)|components[\\/](seo|layout)[\\/])/ },
          ],
        },
      },
    },
  },
}));
