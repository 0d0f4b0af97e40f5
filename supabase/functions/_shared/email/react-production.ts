// React's production builds for the email renderer (render.tsx imports this first). React's
// npm packages choose their build by process.env.NODE_ENV when first loaded, and the Deno
// runtimes (the local stack's, Supabase's edge runtime) leave it unset, so every email was
// rendered by React's development build: the same HTML, about three times the CPU
// (docs/BENCHMARKS.md). A value set on purpose (NODE_ENV=development) is kept.
import process from 'node:process';

process.env.NODE_ENV ??= 'production';
