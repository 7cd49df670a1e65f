// Fetches the live view's library (components/browser_library.py publishes it gzipped),
// unzips it and runs it once per page, handing it the way to Vega's own file, which the
// first chart drawn imports. The server sends a file's bytes as they are, so the browser
// unzips them itself.
async function importGzipped(src) {
  const response = await fetch(src);
  if (!response.ok) throw new Error(`nDCG Lab: HTTP ${response.status} for ${src}`);
  const script = await new Response(
    response.body.pipeThrough(new DecompressionStream("gzip")),
  ).text();
  const url = URL.createObjectURL(new Blob([script], { type: "text/javascript" }));
  try {
    return await import(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

export default function ({ data }) {
  if (globalThis.ndcgLabLibrary || globalThis.ndcgLabLibraryLoading) return;
  globalThis.ndcgLabLibraryLoading = (async () => {
    (await importGzipped(data.src)).default({ vega: () => importGzipped(data.vega) });
  })().catch((error) => {
    globalThis.ndcgLabLibraryLoading = null; // not loading: a later drawing may try again
    console.error(error);
    window.dispatchEvent(new Event(data.failed)); // each live view says so where it would be
  });
}
