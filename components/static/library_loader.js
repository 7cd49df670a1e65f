// Fetches the live view's library (components/browser_library.py publishes it gzipped in
// the app's static folder), unzips it and runs it once per page. The server sends the
// file's bytes as they are, so the browser unzips them itself.
export default function ({ data }) {
  if (globalThis.ndcgLabLibrary || globalThis.ndcgLabLibraryLoading) return;
  globalThis.ndcgLabLibraryLoading = (async () => {
    const response = await fetch(data.src);
    if (!response.ok) throw new Error(`nDCG Lab library: HTTP ${response.status}`);
    const script = await new Response(
      response.body.pipeThrough(new DecompressionStream("gzip")),
    ).text();
    const url = URL.createObjectURL(new Blob([script], { type: "text/javascript" }));
    try {
      (await import(url)).default();
    } finally {
      URL.revokeObjectURL(url);
    }
  })().catch((error) => {
    globalThis.ndcgLabLibraryLoading = null; // not loading: a later drawing may try again
    console.error(error);
    window.dispatchEvent(new Event(data.failed)); // each live view says so where it would be
  });
}
