// Stylesheets are bundled by esbuild (scripts/buildWeb.mjs); importing one yields nothing.
declare module '*.css'
