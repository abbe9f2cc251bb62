// sonner, with its stylesheet loaded as a file: sonner would otherwise add its CSS as a <style> element without
// the page's nonce, which the site's Content-Security-Policy refuses (style-src 'self' 'nonce-…'). The build
// switches that injection off (vite.config.ts, sonnerStylesAsFile); this import brings the same CSS as a <link>.
import "sonner/dist/styles.css";

export * from "sonner";
